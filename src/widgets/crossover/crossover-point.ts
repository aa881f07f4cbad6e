/**
 * Where the GPU starts to win: the smallest size from which the GPU is faster at every larger
 * size, placed between the last losing and the first winning size by interpolating the gap in
 * log-log space (straight lines on the plot). Pure.
 */

/** One size with both times (seconds). */
export interface TimedPair {
  size: number;
  cpuSeconds: number;
  gpuSeconds: number;
}

/** Where the GPU starts to win over a range of sizes. */
export type Crossover =
  | { kind: 'none-measured' }
  /** The GPU is faster at every size, from the first. */
  | { kind: 'always'; from: number }
  /** The GPU is slower at the largest size: it never wins for good in this range. */
  | { kind: 'never'; upTo: number }
  /** Interpolated crossover size, between two sizes of the range. */
  | { kind: 'at'; size: number; between: readonly [number, number] };

/** The crossover of `pairs` (any order; pairs with a non-positive or non-finite time are ignored). */
export function findCrossover(pairs: readonly TimedPair[]): Crossover {
  const usable = pairs
    .filter(
      (p) =>
        p.size > 0 &&
        Number.isFinite(p.cpuSeconds) &&
        Number.isFinite(p.gpuSeconds) &&
        p.cpuSeconds > 0 &&
        p.gpuSeconds > 0,
    )
    .sort((a, b) => a.size - b.size);
  const last = usable.at(-1);
  if (!last) return { kind: 'none-measured' };
  if (!(last.gpuSeconds < last.cpuSeconds)) return { kind: 'never', upTo: last.size };
  let first = usable.length - 1;
  while (
    first > 0 &&
    (usable[first - 1] as TimedPair).gpuSeconds < (usable[first - 1] as TimedPair).cpuSeconds
  ) {
    first--;
  }
  const win = usable[first] as TimedPair;
  if (first === 0) return { kind: 'always', from: win.size };
  const lose = usable[first - 1] as TimedPair;
  // gap = log(gpu / cpu): >= 0 where the GPU loses, < 0 where it wins.
  const gapLose = Math.log(lose.gpuSeconds / lose.cpuSeconds);
  const gapWin = Math.log(win.gpuSeconds / win.cpuSeconds);
  const share = gapLose / (gapLose - gapWin);
  const logSize = Math.log(lose.size) + share * (Math.log(win.size) - Math.log(lose.size));
  return { kind: 'at', size: Math.exp(logSize), between: [lose.size, win.size] };
}
