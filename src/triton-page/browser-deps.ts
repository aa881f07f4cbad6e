/**
 * The Triton puzzles' real dependencies: the page's shared WebGPU device, the WGSL back end's
 * runner, and the solved marks (kept as `triton:<id>` beside the WGSL puzzles' marks).
 */
import { learningEvents } from '../embed/learning-events';
import { prepareTritonLaunch, runTritonOnGpu, shareGpu } from '../gpu';
import { puzzleProgressStore, tritonMarkId } from '../store/puzzle-progress';
import type { TritonPageDeps } from './deps';
import { median } from './timing';

/** Timed runs after one warm-up. */
const SAMPLES = 5;

/** The page's dependencies. */
export const browserTritonDeps: TritonPageDeps = {
  async gpu() {
    const acquired = await shareGpu();
    return acquired.ok ? { ok: true, gpu: acquired.gpu } : { ok: false, message: acquired.message };
  },
  async runOnGpu(gpu, source, options) {
    await runTritonOnGpu(gpu.device, source, options);
  },
  async timeOnGpu(gpu, source, options) {
    const launch = await prepareTritonLaunch(gpu.device, source, options);
    try {
      launch.submit();
      await launch.finish();
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const start = performance.now();
        launch.submit();
        await launch.finish();
        times.push((performance.now() - start) / 1000);
      }
      return median(times);
    } finally {
      launch.destroy();
    }
  },
  onSolved(puzzle, cases) {
    puzzleProgressStore.getState().markSolved(tritonMarkId(puzzle.id));
    learningEvents.publish({
      kind: 'puzzle-solved',
      puzzleId: puzzle.id,
      puzzleTitle: puzzle.title,
      cases,
      language: 'triton',
    });
  },
};
