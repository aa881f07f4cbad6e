/**
 * What the Triton kernel widget needs from outside: everything a Triton puzzle page needs (the
 * page's shared WebGPU device or why there is none, a launch, a timed launch; a pass records
 * nothing here: running a reference in a lesson solves no puzzle), plus a prepared launch per
 * autotune config, a clock, a turn for the page, and the cost engine's prediction. The browser's
 * are in `browser-deps.ts`; tests pass their own.
 */
import type { GpuContext } from '../../gpu';
import type { PuzzlePrediction } from '../../puzzles/predict';
import type { TritonPuzzle, TritonSizes } from '../../triton/puzzles/index';
import type { TritonPageDeps } from '../../triton-page/deps';
import type { AutotuneConfig } from './configs';
import type { Trial } from './autotune';

/** The cost engine's time for a puzzle's kernel at a size on a catalog GPU, or why there is none. */
export type KernelPrediction = PuzzlePrediction;

/** The widget's dependencies. */
export interface TritonKernelDeps extends TritonPageDeps {
  /** One autotune config on the device, compiled and bound at `size` (throws when it cannot). */
  gpuTrial(
    gpu: GpuContext,
    puzzle: TritonPuzzle,
    source: string,
    config: AutotuneConfig,
    size: TritonSizes,
  ): Promise<Trial>;
  /** One autotune config on the interpreter (throws when it cannot compile). */
  interpreterTrial(
    puzzle: TritonPuzzle,
    source: string,
    config: AutotuneConfig,
    size: TritonSizes,
  ): Trial;
  /** A monotonic clock, in seconds. */
  nowSeconds(): number;
  /** Gives the page a turn (a macrotask). */
  pause(): Promise<void>;
  /** The cost engine's prediction of the puzzle's kernel at `size` on `gpuId`. */
  predict(puzzle: TritonPuzzle, gpuId: string, size: TritonSizes): KernelPrediction;
}
