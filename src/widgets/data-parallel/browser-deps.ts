/**
 * The simulator's real dependencies: the cost engine's data-parallel step (remembered, through
 * src/network-step: one analysis asks for the settings' own step again in the sweep, and going
 * back to earlier settings asks it all again) and collectives, the clock the ring animation runs
 * on, and the learner's reduced-motion setting. Tests pass fakes.
 */
import { getGpu } from '../../engine/catalog';
import { predictAllReduce, predictMultiNodeAllReduce } from '../../engine/models';
import { dataParallelPrediction } from '../../network-step';
import { prefersReducedMotion } from '../../ui/motion';
import type { DataParallelEngine } from './simulation';

/** The cost engine behind the simulator's port. */
export const engineDataParallel: DataParallelEngine = {
  predict: dataParallelPrediction,
  allReduce: (bytes, t) =>
    t.nodes === 1
      ? predictAllReduce({ bytes, gpus: t.gpusPerNode, link: t.link })
      : predictMultiNodeAllReduce({
          bytes,
          gpusPerNode: t.gpusPerNode,
          nodes: t.nodes,
          intraNodeLink: t.link,
          interNodeLink: t.nodeLink,
        }),
  gpuFacts: (id) => {
    const gpu = getGpu(id);
    return { name: gpu.name, memoryBytes: gpu.memoryBytes.value };
  },
};

/** What the simulator's controller is given. */
export interface DataParallelDeps {
  engine: DataParallelEngine;
  /** Seconds on a monotonic clock (the ring animation's). */
  now(): number;
  /** Whether the learner asked for less motion. */
  reducedMotion(): boolean;
}

/** The real dependencies. */
export function createBrowserDataParallelDeps(): DataParallelDeps {
  return {
    engine: engineDataParallel,
    now: () => performance.now() / 1000,
    reducedMotion: prefersReducedMotion,
  };
}
