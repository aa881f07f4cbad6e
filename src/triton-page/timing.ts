/** Timing helpers of the Triton puzzle pages. */
import { runKernel, type LaunchOptions } from '../triton/index';
import type { TritonPuzzle, TritonSizes } from '../triton/puzzles/index';

/** The median of some numbers (NaN when there are none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The size the times are taken at: the puzzle's declared timed size, past its checked ones. */
export function timingSize(puzzle: TritonPuzzle): TritonSizes {
  return puzzle.timedSize;
}

/** The size in words (`rows = 37, cols = 130`). */
export function describeSizes(size: TritonSizes): string {
  return Object.entries(size)
    .map(([k, v]) => `${k} = ${v.toLocaleString('en-US')}`)
    .join(', ');
}

/** The launch of a puzzle at a size, with fresh inputs. */
export function launchAt(puzzle: TritonPuzzle, size: TritonSizes): LaunchOptions {
  const run = puzzle.prepare(size);
  return { grid: puzzle.grid(size), args: run.args, constexprs: puzzle.launch.constexprs };
}

/** Median seconds of a few interpreter runs (each with fresh inputs, prepared untimed). */
export function timeOnInterpreter(puzzle: TritonPuzzle, source: string, size: TritonSizes): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const options = launchAt(puzzle, size);
    const start = performance.now();
    runKernel(source, options);
    times.push((performance.now() - start) / 1000);
  }
  return median(times);
}
