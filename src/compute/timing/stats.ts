/**
 * Summary statistics of repeated timings: the median as the headline figure and the spread
 * around it, so a reader can judge how steady a measurement was. Pure functions.
 */

/** How a set of per-run times is summarised. */
export interface TimingSummary {
  /** Middle value of the samples, in seconds: robust to the odd slow run. */
  medianSeconds: number;
  /** Fastest sample, in seconds. */
  minSeconds: number;
  /** Slowest sample, in seconds. */
  maxSeconds: number;
  /** First quartile, in seconds. */
  q1Seconds: number;
  /** Third quartile, in seconds. */
  q3Seconds: number;
  /** Half the interquartile range over the median: 0.02 reads "± 2 %". */
  relativeSpread: number;
  /** How many samples were summarised. */
  samples: number;
}

/** Throws a RangeError unless every value is a finite number >= 0. */
function requireDurations(values: readonly number[]): void {
  if (values.length === 0) throw new RangeError('at least one timing sample is needed');
  for (const value of values) {
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`a timing sample must be a finite number >= 0, got ${String(value)}`);
    }
  }
}

/** The q-quantile (0..1) of sorted values, interpolating linearly between neighbours. */
export function quantileOfSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of an empty list');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile must be in [0, 1], got ${String(q)}`);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return low + (high - low) * (position - below);
}

/** The median of any list of numbers (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  return quantileOfSorted(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Summarises per-run times in seconds; throws a RangeError on an empty list or a bad value. */
export function summarizeTimings(secondsPerRun: readonly number[]): TimingSummary {
  requireDurations(secondsPerRun);
  const sorted = [...secondsPerRun].sort((a, b) => a - b);
  const medianSeconds = quantileOfSorted(sorted, 0.5);
  const q1Seconds = quantileOfSorted(sorted, 0.25);
  const q3Seconds = quantileOfSorted(sorted, 0.75);
  return {
    medianSeconds,
    minSeconds: sorted[0] as number,
    maxSeconds: sorted[sorted.length - 1] as number,
    q1Seconds,
    q3Seconds,
    relativeSpread: medianSeconds > 0 ? (q3Seconds - q1Seconds) / 2 / medianSeconds : 0,
    samples: sorted.length,
  };
}
