/** The screen-reader table after the Amdahl plot: its core counts and its rows of speedups. */
import { amdahlLimit, amdahlSpeedup } from '../../engine/models';
import { axisMaxCores, requirePlottableFraction, visibleReferences } from './model';

/**
 * Core counts for the screen-reader table: powers of eight, the visible reference counts and the
 * end of the axis, sorted and without repeats.
 */
export function tableCoreCounts(maxCores: number): number[] {
  const axisMax = axisMaxCores(maxCores);
  const counts = new Set<number>();
  for (let n = 8; n <= axisMax; n *= 8) counts.add(n);
  for (const ref of visibleReferences(maxCores)) counts.add(ref.coreCount);
  counts.add(axisMax);
  return [...counts].sort((a, b) => a - b);
}

/** One row of the screen-reader table: a fraction, its ceiling and its speedup per core count. */
export interface SpeedupTableRow {
  /** Parallel fraction p. */
  fraction: number;
  /** The ceiling 1 / (1 - p). */
  limitSpeedup: number;
  /** Speedups in the order of the table's core counts. */
  speedups: number[];
}

/** The rows of the screen-reader table, one per fraction. */
export function speedupTable(
  fractions: readonly number[],
  coreCounts: readonly number[],
): SpeedupTableRow[] {
  return fractions.map((fraction) => {
    requirePlottableFraction(fraction);
    return {
      fraction,
      limitSpeedup: amdahlLimit(fraction),
      speedups: coreCounts.map((n) => amdahlSpeedup(fraction, n)),
    };
  });
}
