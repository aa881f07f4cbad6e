/**
 * Pure data for the Amdahl plot: sampled curves, ceilings, the core-count stops the slider walks
 * through, the screen-reader table and the readout sentence. No React, no DOM.
 */
import { amdahlLimit, amdahlSpeedup } from '../../engine/amdahl';
import { formatCount } from '../../format/units';

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

/**
 * The core counts the core slider steps through: every power of two up to `maxCores` plus the
 * visible reference counts, sorted and without repeats.
 */
export function coreCountStops(maxCores: number): number[] {
  requireMaxCores(maxCores);
  const stops = new Set<number>();
  for (let n = 1; n <= maxCores; n *= 2) stops.add(n);
  stops.add(maxCores);
  for (const ref of visibleReferences(maxCores)) stops.add(ref.coreCount);
  return [...stops].sort((a, b) => a - b);
}

/** Index of the stop closest to `coreCount` on a log scale (ties go to the lower stop). */
export function nearestStopIndex(stops: readonly number[], coreCount: number): number {
  let best = 0;
  let bestDistance = Infinity;
  stops.forEach((stop, i) => {
    const distance = Math.abs(Math.log2(stop) - Math.log2(coreCount));
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

/** Rounds a parallel fraction to the slider's resolution of 0.001. */
export function roundFraction(fraction: number): number {
  return Math.round(fraction * 1000) / 1000;
}

/**
 * The fractions the p slider steps through: 0 to 0.9 by 0.05, then 0.91 to 0.99 by 0.01, then
 * 0.991 to 0.999 by 0.001, so each extra "nine" gets as much slider travel as the one before.
 */
export function fractionStops(): number[] {
  const stops: number[] = [];
  for (let k = 0; k <= 18; k++) stops.push(roundFraction(k * 0.05));
  for (let k = 1; k <= 9; k++) stops.push(roundFraction(0.9 + k * 0.01));
  for (let k = 1; k <= 9; k++) stops.push(roundFraction(0.99 + k * 0.001));
  return stops;
}

/** Index of the stop closest to `fraction` (ties go to the lower stop). */
export function nearestFractionStopIndex(stops: readonly number[], fraction: number): number {
  let best = 0;
  stops.forEach((stop, i) => {
    if (Math.abs(stop - fraction) < Math.abs((stops[best] ?? 0) - fraction)) best = i;
  });
  return best;
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

const threeDigits = new Intl.NumberFormat('en-US', {
  minimumSignificantDigits: 3,
  maximumSignificantDigits: 3,
});
const upToThreeDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });
const fractionFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** Rounds to three significant digits, as the readout shows numbers. */
function toThreeDigits(value: number): number {
  return Number(value.toPrecision(3));
}

/** A speedup to three significant digits, without the × sign: 19.9, 2.00, 944, 1,000. */
export function formatSpeedup(speedup: number): string {
  return threeDigits.format(speedup);
}

/** A ceiling to at most three significant digits, trailing zeros dropped: 20, 2, 1,000, 1.14. */
export function formatCeiling(limitSpeedup: number): string {
  return upToThreeDigits.format(limitSpeedup);
}

/** A parallel fraction with at most three decimals: 0.5, 0.95, 0.999, 0. */
export function formatFraction(fraction: number): string {
  return fractionFormat.format(fraction);
}

/** "1 core" or "6,912 cores". */
export function formatCoresPhrase(coreCount: number): string {
  const text = formatCount(coreCount);
  return text === '1' ? '1 core' : `${text} cores`;
}

/**
 * The sentence under the plot, e.g. "With p = 0.95 and 6,912 cores the speedup is 19.9×, just
 * under the 20× ceiling." The ending says how close the speedup is to its ceiling.
 */
export function readoutSentence(fraction: number, coreCount: number): string {
  const reading = readSpeedup(fraction, coreCount);
  const opening = `With p = ${formatFraction(fraction)} and ${formatCoresPhrase(coreCount)} the speedup is ${formatSpeedup(reading.speedup)}×`;
  const ceiling = `${formatCeiling(reading.limitSpeedup)}× ceiling`;
  if (fraction === 0) {
    return `${opening}: nothing runs in parallel, so extra cores add nothing.`;
  }
  if (coreCount <= 1) {
    return `${opening}: one core is the baseline every speedup is measured against.`;
  }
  if (toThreeDigits(reading.speedup) >= toThreeDigits(reading.limitSpeedup)) {
    return `${opening}, practically at the ${ceiling}; more cores cannot help.`;
  }
  if (reading.shareOfLimit >= 0.95) return `${opening}, just under the ${ceiling}.`;
  if (reading.shareOfLimit >= 0.5) {
    return `${opening}, ${Math.round(reading.shareOfLimit * 100)}% of the way to the ${ceiling}.`;
  }
  return `${opening}, far below the ${ceiling}, so more cores still pay off.`;
}

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

/**
 * Which powers of two to label on the x axis so labels stay at least `minSpacingPx` apart on a
 * plot `plotWidthPx` wide: every doubling, every second, every fourth, ...
 */
export function coreTickValues(axisMax: number, plotWidthPx: number, minSpacingPx = 44): number[] {
  const doublings = Math.max(Math.floor(Math.log2(axisMax)), 1);
  const pxPerDoubling = plotWidthPx / Math.log2(axisMax);
  let stride = 1;
  while (stride * pxPerDoubling < minSpacingPx && stride < doublings) stride *= 2;
  const ticks: number[] = [];
  for (let k = 0; k <= doublings; k += stride) ticks.push(2 ** k);
  return ticks;
}

/** Speedup gridline values on a log axis up to `axisMax`: 1, 2, 5, 10, 20, 50, ... */
export function speedupTickValues(axisMax: number): number[] {
  const ticks: number[] = [];
  for (let decade = 1; decade <= axisMax; decade *= 10) {
    for (const m of [1, 2, 5]) if (m * decade <= axisMax) ticks.push(m * decade);
  }
  return ticks;
}

/**
 * Nudges label positions apart (in pixels, any order) so neighbours sit at least `minGapPx`
 * apart, keeping their order and staying within [lowPx, highPx] where there is room.
 */
export function spreadLabels(
  positionsPx: readonly number[],
  minGapPx: number,
  lowPx = -Infinity,
  highPx = Infinity,
): number[] {
  const order = positionsPx.map((_, i) => i).sort((a, b) => positionsPx[a]! - positionsPx[b]!);
  const placed = order.map((i) => positionsPx[i]!);
  for (let k = 0; k < placed.length; k++) {
    const floor = k === 0 ? lowPx : placed[k - 1]! + minGapPx;
    placed[k] = Math.max(placed[k]!, floor);
  }
  for (let k = placed.length - 1; k >= 0; k--) {
    const ceiling = k === placed.length - 1 ? highPx : placed[k + 1]! - minGapPx;
    placed[k] = Math.min(placed[k]!, ceiling);
  }
  const result = new Array<number>(positionsPx.length);
  order.forEach((originalIndex, k) => {
    result[originalIndex] = placed[k]!;
  });
  return result;
}

/** A text description of the plot for its SVG `<desc>`, naming the curves and their ceilings. */
export function plotDescription(fractions: readonly number[], markerCoreCount: number): string {
  const curves = fractions
    .map((p) => `p = ${formatFraction(p)} (ceiling ${formatCeiling(amdahlLimit(p))}×)`)
    .join(', ');
  return (
    `Speedup against number of cores, both on log scales, for ${curves}. ` +
    `Every curve starts at 1× on one core and flattens toward its ceiling. ` +
    `A marker stands at ${formatCoresPhrase(markerCoreCount)}; the table after the plot lists the values.`
  );
}
