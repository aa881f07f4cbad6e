/**
 * The planner's real dependencies: the cost engine's training-at-scale model for the chosen
 * layout (remembered: going back to earlier settings asks it again), the print(model) reader,
 * the ranking in a module worker (bundled by Vite; on the page's thread where workers are
 * missing), the example text and the learner's reduced-motion setting. Tests pass fakes or these
 * with the engine called inline.
 */
import { getGpu } from '../../engine/catalog';
import {
  predictParallelStep,
  readDecoderFromPrintModel,
  type ParallelSetup,
} from '../../engine/models';
import { remembered } from '../../network-step';
import { prefersReducedMotion } from '../../ui/motion';
import type { PlannerDeps } from './controller';
import type { PlannerEngine } from './engine-port';
import { workerRanker, type RankWorkerLike } from './rank-client';
import example from './llama2-13b-example.txt?raw';

const predict = remembered((setup: ParallelSetup) => predictParallelStep(setup), 64);

/** The cost engine behind the planner's port. */
export const enginePlanner: PlannerEngine = {
  predict,
  readPrint: (text) => {
    const read = readDecoderFromPrintModel(text);
    return { model: read.model, spec: read.spec, notes: read.notes };
  },
  gpuName: (id) => getGpu(id).name,
};

/** Starts the ranking worker, or null where the browser has no workers. */
function createRankWorker(): RankWorkerLike | null {
  if (typeof Worker !== 'function') return null;
  return new Worker(new URL('./planner.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as RankWorkerLike;
}

/** The real dependencies. */
export function createBrowserPlannerDeps(): PlannerDeps {
  return {
    engine: enginePlanner,
    ranker: workerRanker(createRankWorker),
    printExample: () => example,
    reducedMotion: prefersReducedMotion,
  };
}
