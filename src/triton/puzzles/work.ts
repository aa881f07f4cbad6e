/**
 * What a Triton puzzle's kernel moves and computes at one size, in the cost engine's terms but
 * without importing it (this layer imports nothing): values read and written once each, as a
 * well-written kernel would, FLOPs, and the launch (programs, threads per program). The engine's
 * roofline turns it into a predicted time in `src/puzzles/predict.ts`.
 */
import type { TritonPuzzle, TritonSizes, TritonWorkCounts } from './types';

/**
 * Threads per program: Triton's default `num_warps` is 4, so a program runs on 4 × 32 threads
 * unless the launch asks otherwise (none of the puzzles does).
 */
export const DEFAULT_THREADS_PER_PROGRAM = 4 * 32;

/** Bytes of one value: every puzzle tensor is fp32 or int32. */
const VALUE_BYTES = 4;

/** The kernel as the cost engine describes one (structurally its KernelDescriptor). */
export interface TritonKernelWork {
  name: string;
  kind: TritonWorkCounts['kind'];
  precision: 'fp32' | 'tf32';
  bytesRead: number;
  bytesWritten: number;
  flops: number;
  threadsPerBlock: number;
  blocks: number;
}

/** Programs the puzzle's grid launches at `size` (the product of the grid's dimensions). */
export function programsAt(puzzle: TritonPuzzle, size: TritonSizes): number {
  const grid = puzzle.grid(size)(puzzle.launch.constexprs);
  return grid.reduce((a, b) => a * b, 1);
}

/** The puzzle's kernel at `size` in the engine's terms. */
export function tritonKernelWork(puzzle: TritonPuzzle, size: TritonSizes): TritonKernelWork {
  const counts = puzzle.work(size);
  return {
    name: `Triton puzzle: ${puzzle.title}`,
    kind: counts.kind,
    precision: counts.precision ?? 'fp32',
    bytesRead: counts.valuesRead * VALUE_BYTES,
    bytesWritten: counts.valuesWritten * VALUE_BYTES,
    flops: counts.flops,
    threadsPerBlock: DEFAULT_THREADS_PER_PROGRAM,
    blocks: programsAt(puzzle, size),
  };
}
