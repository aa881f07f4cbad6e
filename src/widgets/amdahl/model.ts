/**
 * The Amdahl plot's model, pure (no React, no DOM): its defaults, the reference core counts, the
 * axis range, the sampled curves with their ceilings, and the speedup read at one point. The
 * slider stops, axis ticks, chart series and geometry (its labels placed by src/ui/plot), readout
 * text and screen-reader table live beside it.
 */
import { amdahlLimit, amdahlSpeedup } from '../../engine/models';

/** The parallel fractions drawn when a lesson passes none. */
export const DEFAULT_FRACTIONS: readonly number[] = [0.5, 0.9, 0.95, 0.99, 0.999];

/** The largest core count on the x axis when a lesson passes none (2^14). */
export const DEFAULT_MAX_CORES = 16384;

/** The highest parallel fraction the learner's own curve can take (its ceiling is 1,000×). */
export const MAX_USER_FRACTION = 0.999;

/** Where the learner's own curve starts: the fraction of the lesson's worked example. */
export const DEFAULT_USER_FRACTION = 0.95;

/** Where the core-count marker starts: the A100's CUDA core count. */
export const DEFAULT_MARKER_CORES = 6912;

/** Curve samples per doubling of the core count (the x axis is logarithmic). */
export const SAMPLES_PER_DOUBLING = 8;

/** A real machine's core count, marked on the x axis for scale. */
export interface ReferenceCoreCount {
  /** Short name shown on the plot. */
  label: string;
  /** What is being counted, for the longer descriptions. */
  detail: string;
  /** Number of cores. */
  coreCount: number;
}

/** Real core counts marked on the plot: a desktop CPU and two data-centre GPUs. */
export const REFERENCE_CORE_COUNTS: readonly ReferenceCoreCount[] = [
  { label: 'i9-14900K', detail: 'Intel Core i9-14900K CPU cores', coreCount: 24 },
  { label: 'A100', detail: 'A100 CUDA cores', coreCount: 6912 },
  { label: 'H100 SXM', detail: 'H100 SXM CUDA cores', coreCount: 16896 },
];

/** One sampled point of a speedup curve. */
export interface CurvePoint {
  /** Number of cores (fractional between powers of two: the curve is continuous in N). */
  coreCount: number;
  /** Speedup over one core (a ratio). */
  speedup: number;
}

/** One Amdahl curve: its samples and its ceiling. */
export interface AmdahlCurve {
  /** Parallel fraction p, in [0, 1). */
  fraction: number;
  /** The ceiling 1 / (1 - p) the curve approaches. */
  limitSpeedup: number;
  /** Samples from 1 core to the end of the axis, in increasing core order. */
  points: CurvePoint[];
}

/** Throws a RangeError unless `fraction` is a finite number in [0, 1). */
export function requirePlottableFraction(fraction: number): void {
  if (!Number.isFinite(fraction) || fraction < 0 || fraction >= 1) {
    throw new RangeError(
      `Amdahl plot: each parallel fraction must be in [0, 1), got ${String(fraction)}`,
    );
  }
}

/** Throws a RangeError unless `maxCores` is a finite integer of at least 2. */
export function requireMaxCores(maxCores: number): void {
  if (!Number.isInteger(maxCores) || maxCores < 2) {
    throw new RangeError(`Amdahl plot: maxCores must be an integer >= 2, got ${String(maxCores)}`);
  }
}

/**
 * The reference core counts shown for an axis ending at `maxCores`: those within one doubling of
 * it, so the default 16,384 still shows the H100's 16,896 while a small axis is not stretched.
 */
export function visibleReferences(maxCores: number): ReferenceCoreCount[] {
  return REFERENCE_CORE_COUNTS.filter((ref) => ref.coreCount <= 2 * maxCores);
}

/** The right end of the x axis: `maxCores`, stretched to include the visible reference counts. */
export function axisMaxCores(maxCores: number): number {
  requireMaxCores(maxCores);
  return Math.max(maxCores, ...visibleReferences(maxCores).map((ref) => ref.coreCount));
}

/** Core counts to sample a curve at: evenly spaced on a log2 axis from 1 to `axisMax`, inclusive. */
export function sampleCoreCounts(
  axisMax: number,
  samplesPerDoubling = SAMPLES_PER_DOUBLING,
): number[] {
  const steps = Math.floor(Math.log2(axisMax) * samplesPerDoubling + 1e-9);
  const counts: number[] = [];
  for (let k = 0; k <= steps; k++) counts.push(2 ** (k / samplesPerDoubling));
  if (counts[counts.length - 1] !== axisMax) counts.push(axisMax);
  return counts;
}

/** Builds the sampled curve and ceiling for one parallel fraction up to `axisMax` cores. */
export function buildCurve(fraction: number, axisMax: number): AmdahlCurve {
  requirePlottableFraction(fraction);
  return {
    fraction,
    limitSpeedup: amdahlLimit(fraction),
    points: sampleCoreCounts(axisMax).map((coreCount) => ({
      coreCount,
      speedup: amdahlSpeedup(fraction, coreCount),
    })),
  };
}

/** Builds one curve per fraction, in the order given. */
export function buildCurves(fractions: readonly number[], axisMax: number): AmdahlCurve[] {
  return fractions.map((fraction) => buildCurve(fraction, axisMax));
}

/**
 * The top of the speedup axis: the highest ceiling among the curves and the learner's own curve's
 * maximum, with room above it for the ceiling labels. The bottom is always 1×.
 */
export function speedupAxisMax(fractions: readonly number[]): number {
  const ceilings = [...fractions, MAX_USER_FRACTION].map((p) => amdahlLimit(p));
  return Math.max(...ceilings) * 1.4;
}

/** The speedup of one curve at one core count, with its ceiling and the share of it reached. */
export interface SpeedupReading {
  /** Parallel fraction p. */
  fraction: number;
  /** Number of cores N. */
  coreCount: number;
  /** Amdahl speedup at N. */
  speedup: number;
  /** The ceiling 1 / (1 - p). */
  limitSpeedup: number;
  /** speedup / limitSpeedup, in (0, 1]. */
  shareOfLimit: number;
}

/** Reads the speedup of fraction `fraction` at `coreCount` cores. */
export function readSpeedup(fraction: number, coreCount: number): SpeedupReading {
  requirePlottableFraction(fraction);
  const speedup = amdahlSpeedup(fraction, coreCount);
  const limitSpeedup = amdahlLimit(fraction);
  return { fraction, coreCount, speedup, limitSpeedup, shareOfLimit: speedup / limitSpeedup };
}

/** One curve as the chart draws it: the data plus how it looks and is named. */
export interface ChartSeries {
  /** Stable React key. */
  key: string;
  /** Sampled curve and ceiling. */
  curve: AmdahlCurve;
  /** CSS class choosing colour and dash pattern (see amdahl.css). */
  className: string;
  /** Label on the plot and in the tooltip, e.g. "p = 0.95". */
  label: string;
  /** Shorter label for the curve's end on narrow plots. */
  shortLabel: string;
  /** A lesson curve, or the learner's own. */
  kind: 'default' | 'yours';
  /** Whether to draw a ceiling label (skipped when another curve already shows the same one). */
  showCeilingLabel: boolean;
}
