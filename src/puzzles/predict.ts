/**
 * The cost engine's prediction of a puzzle's kernel: the work the puzzle does at its timing
 * size (bytes moved, FLOPs, launch geometry) through the engine's roofline kernel model on a
 * catalog GPU, or on "My machine" when the learner entered one. Never throws. The Triton puzzles
 * describe their work in the engine's shape (src/triton/puzzles/work.ts) and come through
 * `predictTritonPuzzle`.
 */
import { getGpu } from '../engine/catalog';
import { predictKernel, type KernelBound, type KernelDescriptor } from '../engine/models';
import { tritonKernelWork } from '../triton/puzzles/work';
import type { TritonPuzzle, TritonSizes } from '../triton/puzzles/types';
import type { Puzzle, PuzzleSizes } from './types';

/** A prediction, or why there is none. */
export type PuzzlePrediction =
  | { ok: true; gpuName: string; seconds: number; bound: KernelBound }
  | { ok: false; message: string };

/** The engine's time for a kernel it is given as a descriptor, on `gpuId`. Never throws. */
export function predictDescribedKernel(
  describe: () => KernelDescriptor,
  gpuId: string,
): PuzzlePrediction {
  try {
    const prediction = predictKernel(gpuId, describe());
    return {
      ok: true,
      gpuName: getGpu(gpuId).name,
      seconds: prediction.seconds,
      bound: prediction.bound,
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The engine's time for `puzzle` at `size` (its timing size by default) on `gpuId`. */
export function predictPuzzle(
  puzzle: Puzzle,
  gpuId: string,
  size: PuzzleSizes = puzzle.benchSize,
): PuzzlePrediction {
  return predictDescribedKernel(() => puzzle.descriptor(size), gpuId);
}

/** The engine's time for a Triton puzzle's kernel at `size` on `gpuId` (the work it declares). */
export function predictTritonPuzzle(
  puzzle: TritonPuzzle,
  gpuId: string,
  size: TritonSizes,
): PuzzlePrediction {
  return predictDescribedKernel(() => tritonKernelWork(puzzle, size), gpuId);
}

/** The timing size in words ("n = 1048576", "512 × 512 × 512"). */
export function describeSize(puzzle: Puzzle, size: PuzzleSizes = puzzle.benchSize): string {
  return puzzle.sizeFields
    .map((f) => `${f} = ${(size[f] ?? 0).toLocaleString('en-US')}`)
    .join(', ');
}
