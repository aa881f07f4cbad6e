/** Real dependencies for the race in a browser: Web Workers, WebGPU, and the cost engine. */
import { getGpu, listGpus, getCpu } from '../../engine/catalog';
import { adapterFacts, runRaceOnGpu, withSharedGpu } from '../../gpu';
import { predictRace } from './modeled-run';
import { RaceWorkerPool } from '../../cpu/race-pool';
import type { GpuRunner, RaceDeps } from './race-types';
import { prefersReducedMotion } from '../../ui/motion';

/** The catalog GPUs a learner can pick for the modeled lane. */
export function modeledGpuChoices(): Array<{ id: string; name: string }> {
  return listGpus().map((g) => ({ id: g.id, name: g.name }));
}

function hardwareName(id: string): string {
  try {
    return getGpu(id).name;
  } catch {
    return getCpu(id).name;
  }
}

let pool: RaceWorkerPool | null = null;

/** The page's worker pool, one worker per logical core, created on first use. */
function sharedPool(): RaceWorkerPool {
  pool ??= new RaceWorkerPool();
  return pool;
}

/** The GPU lane's runner: the page's shared device, the race run while it is alive. */
function gpuRunner(): Promise<GpuRunner> {
  return withSharedGpu({}, (shared) => ({
    ok: true,
    adapter: adapterFacts(shared.gpu.adapter),
    run: (job, onProgress, signal) =>
      shared.run((gpu) =>
        runRaceOnGpu(gpu, job, { onProgress: (done) => onProgress(done.tasks), signal }),
      ),
  }));
}

/** Real dependencies for the race in a browser: Web Workers, WebGPU, and the cost engine. */
export function createBrowserRaceDeps(): RaceDeps {
  const workers = Math.max(1, navigator.hardwareConcurrency || 2);
  return {
    workers,
    runCpu: (job, onProgress, signal) => sharedPool().runRace(job, { onProgress, signal }),
    getGpu: gpuRunner,
    predict: predictRace,
    hardwareName,
    now: () => performance.now() / 1000,
    reducedMotion: prefersReducedMotion,
  };
}
