/**
 * Test helper: the widget's dependencies for a page without WebGPU (kernels run on the real
 * interpreter), with a fake clock that each autotune run advances by a scripted time per config,
 * turns the test may hold, and the real (pure) cost engine's prediction.
 */
import { vi } from 'vitest';
import { predictTritonPuzzle } from '../../../puzzles/predict';
import type { AutotuneConfig } from '../configs';
import type { TritonKernelDeps } from '../deps';
import { interpreterTrial } from '../trials';

/** Fake dependencies; `secondsPerRun` gives each config's scripted time per run. */
export function interpreterDeps(
  secondsPerRun: (config: AutotuneConfig) => number = (c) => 1e-3 * c.numWarps,
  overrides: Partial<TritonKernelDeps> = {},
): TritonKernelDeps {
  let now = 0;
  return {
    gpu: async () => ({ ok: false, message: 'navigator.gpu is missing' }),
    runOnGpu: vi.fn(),
    timeOnGpu: vi.fn(),
    onSolved: vi.fn(),
    gpuTrial: vi.fn(),
    interpreterTrial: (puzzle, source, config, size) => {
      const trial = interpreterTrial(puzzle, source, config, size);
      return {
        ...trial,
        run: async () => {
          await trial.run();
          now += secondsPerRun(config);
        },
      };
    },
    nowSeconds: () => now,
    pause: () => Promise.resolve(),
    predict: predictTritonPuzzle,
    ...overrides,
  };
}
