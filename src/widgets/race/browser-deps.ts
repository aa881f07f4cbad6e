import { getGpu, listGpus, getCpu } from '../../engine/catalog';
import { predictTaskBatch } from '../../engine/models';
import { shareGpu } from '../../gpu';
import { runRaceOnGpu } from '../../gpu';
import { RACE_OPS_PER_ITERATION } from '../../gpu';
import { RaceWorkerPool } from '../../cpu/race-pool';
import type { GpuRunner, RaceDeps, RaceJob } from './race-types';
import { adapterFacts } from '../../gpu';
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

async function gpuRunner(): Promise<GpuRunner> {
  const acquired = await shareGpu();
  if (!acquired.ok) return { ok: false, message: acquired.message };
  const { gpu } = acquired;
  return {
    ok: true,
    adapter: adapterFacts(gpu.adapter),
    async run(job, onProgress, signal) {
      if (gpu.isLost())
        throw new Error('The GPU device was lost. Run the race again to get a new one.');
      const r = await runRaceOnGpu(gpu, job, { onProgress: (d) => onProgress(d.tasks), signal });
      return { results: r.results, serialResult: r.serialResult, seconds: r.seconds };
    },
  };
}

/** Real dependencies for the race in a browser: Web Workers, WebGPU, and the cost engine. */
export function createBrowserRaceDeps(): RaceDeps {
  const workers = Math.max(1, navigator.hardwareConcurrency || 2);
  return {
    workers,
    async runCpu(job: RaceJob, onProgress, signal) {
      const r = await sharedPool().runRace(job, {
        onProgress: (perWorker) => onProgress(perWorker),
        signal,
      });
      return { results: r.results, serialResult: r.serialResult, seconds: r.seconds };
    },
    getGpu: gpuRunner,
    predict(hardwareId, job) {
      const p = predictTaskBatch({
        hardwareId,
        taskCount: job.tasks,
        opsPerTask: job.iterations * RACE_OPS_PER_ITERATION,
        serialOps: job.serialIterations * RACE_OPS_PER_ITERATION,
      });
      return { seconds: p.seconds, parallelUnits: p.parallelUnits, waves: p.waves };
    },
    hardwareName,
    now: () => performance.now() / 1000,
    reducedMotion: prefersReducedMotion,
  };
}
