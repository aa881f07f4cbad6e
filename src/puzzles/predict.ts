/**
 * The cost engine's prediction of a puzzle's kernel: the work the puzzle does at its timing
 * size (bytes moved, FLOPs, launch geometry) through the engine's roofline kernel model on a
 * catalog GPU, or on "My machine" when the learner entered one. Never throws.
 */
import { getGpu } from '../engine/catalog';
import { predictKernel, type KernelBound } from '../engine/models';
import type { Puzzle, PuzzleSizes } from './types';

/** A prediction, or why there is none. */
export type PuzzlePrediction =
  | { ok: true; gpuName: string; seconds: number; bound: KernelBound }
  | { ok: false; message: string };

/** The engine's time for `puzzle` at `size` (its timing size by default) on `gpuId`. */
export function predictPuzzle(
  puzzle: Puzzle,
  gpuId: string,
  size: PuzzleSizes = puzzle.benchSize,
): PuzzlePrediction {
  try {
    const prediction = predictKernel(gpuId, puzzle.descriptor(size));
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

/** The timing size in words ("n = 1048576", "512 × 512 × 512"). */
export function describeSize(puzzle: Puzzle, size: PuzzleSizes = puzzle.benchSize): string {
  return puzzle.sizeFields
    .map((f) => `${f} = ${(size[f] ?? 0).toLocaleString('en-US')}`)
    .join(', ');
}
