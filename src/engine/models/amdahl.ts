import { requireFinite } from './validate';

/**
 * Amdahl's law: the speedup of a job whose `parallelFraction` (0..1) of the work spreads over
 * `cores` cores while the rest stays serial. S = 1 / ((1 - p) + p / N).
 */
export function amdahlSpeedup(parallelFraction: number, cores: number): number {
  requireFinite('parallelFraction', parallelFraction);
  requireFinite('cores', cores);
  if (parallelFraction < 0 || parallelFraction > 1) {
    throw new RangeError(`parallelFraction must be in [0, 1], got ${parallelFraction}`);
  }
  if (cores < 1) throw new RangeError(`cores must be at least 1, got ${cores}`);
  return 1 / (1 - parallelFraction + parallelFraction / cores);
}

/** The ceiling of Amdahl's speedup as cores grow without bound: 1 / (1 - p) (Infinity-free: p < 1). */
export function amdahlLimit(parallelFraction: number): number {
  requireFinite('parallelFraction', parallelFraction);
  if (parallelFraction < 0 || parallelFraction >= 1) {
    throw new RangeError(
      `parallelFraction must be in [0, 1) for a finite limit, got ${parallelFraction}`,
    );
  }
  return 1 / (1 - parallelFraction);
}
