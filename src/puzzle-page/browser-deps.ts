/**
 * The real dependencies of the puzzles: the page's shared WebGPU device (a lost one is dropped
 * and replaced on the next request), the runtime's learner-program runner, the solved marks and
 * the learning events an embedding host turns into xAPI statements.
 */
import {
  buildLearnerProgram,
  forgetSharedGpu,
  measureLearnerProgram,
  runLearnerProgram,
  shareGpu,
} from '../gpu';
import { learningEvents } from '../embed/learning-events';
import { puzzleProgressStore } from '../store/puzzle-progress';
import type { PuzzleControllerDeps } from './controller';

/** Timing options: short, since two kernels are timed after each pass. */
const MEASURE = { warmupBatches: 1, samples: 5, minSamples: 2, budgetSeconds: 1 } as const;

/** The page's dependencies. */
export const browserPuzzleDeps: PuzzleControllerDeps = {
  async gpu() {
    const acquired = await shareGpu();
    return acquired.ok ? { ok: true, gpu: acquired.gpu } : { ok: false, message: acquired.message };
  },
  build: (gpu, program) => buildLearnerProgram(gpu, program),
  run: (gpu, built, run) => runLearnerProgram(gpu, built, run),
  measure: (gpu, built, run) => measureLearnerProgram(gpu, built, run, { measure: MEASURE }),
  forgetGpu: forgetSharedGpu,
  onSolved(puzzle, cases) {
    puzzleProgressStore.getState().markSolved(puzzle.id);
    learningEvents.publish({
      kind: 'puzzle-solved',
      puzzleId: puzzle.id,
      puzzleTitle: puzzle.title,
      cases,
    });
  },
};
