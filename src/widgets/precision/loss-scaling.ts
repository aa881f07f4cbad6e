/**
 * What loss scaling does to gradients stored in a 16-bit format: a seeded sample of gradient
 * magnitudes (log-normal, from about 1e-10 to 1e-2), multiplied by a power of two, and sorted
 * into what the format makes of each: flushed to zero, subnormal (precision lost), normal, or
 * overflowed. Multiplying by a power of two is exact in a double, and the class boundaries are
 * exact doubles, so each verdict is the one rounding would give. Pure.
 */
import { limitsOf, type NumberFormat } from './formats';
import { toNumber } from './rational';

/** Every class, smallest values first. */
export const GRADIENT_CLASSES = ['zero', 'subnormal', 'normal', 'overflow'] as const;

/** What storing a value in a format does to it. */
export type GradientClass = (typeof GRADIENT_CLASSES)[number];

/** Gradients in the sample. */
export const GRADIENT_COUNT = 20_000;
/** Seed of the sample. */
export const GRADIENT_SEED = 0x9e37;
/** Centre and spread of log10 |gradient|, and the range it is clipped to. */
const LOG10_MEAN = -6;
const LOG10_SPREAD = 1.4;
const LOG10_MIN = -10.5;
const LOG10_MAX = -1.5;

/** A small, well-mixed pseudo-random generator (mulberry32) giving numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The gradient magnitudes, all positive (the sign changes nothing here). */
export function sampleGradients(count = GRADIENT_COUNT, seed = GRADIENT_SEED): Float64Array {
  const random = seededRandom(seed);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    // Box-Muller: one normal deviate from two uniforms.
    const u = 1 - random();
    const v = random();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    const log10 = Math.min(LOG10_MAX, Math.max(LOG10_MIN, LOG10_MEAN + LOG10_SPREAD * normal));
    out[i] = 10 ** log10;
  }
  return out;
}

/** Where a format's classes begin, as exact doubles. */
export interface ClassBounds {
  /** At or below: rounds to zero (half the smallest subnormal ties to the even zero). */
  zeroAtMost: number;
  /** Below: rounds to a subnormal (half a step under the smallest normal ties upwards). */
  subnormalBelow: number;
  /** At or above: rounds past the largest value (the tie goes to the even side, infinity). */
  overflowAtLeast: number;
  /** The marks drawn on the histogram. */
  smallestSubnormal: number;
  smallestNormal: number;
  largest: number;
}

/** The class bounds of an IEEE format with subnormals (fp16, bf16). */
export function classBounds(format: NumberFormat): ClassBounds {
  if (format.specials !== 'ieee')
    throw new RangeError(`${format.name} has no infinity to overflow to`);
  const limits = limitsOf(format);
  const smallestSubnormal = toNumber(limits.smallestSubnormal);
  const smallestNormal = toNumber(limits.smallestNormal);
  const largest = toNumber(limits.largestNormal);
  const maxExponent = 2 ** format.exponentBits - 2 - format.bias;
  const topStep = 2 ** (maxExponent - format.mantissaBits);
  return {
    zeroAtMost: smallestSubnormal / 2,
    subnormalBelow: smallestNormal - smallestSubnormal / 2,
    overflowAtLeast: largest + topStep / 2,
    smallestSubnormal,
    smallestNormal,
    largest,
  };
}

/** The class of one magnitude. */
export function classify(magnitude: number, bounds: ClassBounds): GradientClass {
  if (magnitude <= bounds.zeroAtMost) return 'zero';
  if (magnitude < bounds.subnormalBelow) return 'subnormal';
  if (magnitude >= bounds.overflowAtLeast) return 'overflow';
  return 'normal';
}

/** Shares of the sample in each class (they add up to 1). */
export type ClassShares = Record<GradientClass, number>;

/** How the sample, multiplied by `scale`, falls into the format's classes. */
export function classShares(
  gradients: Float64Array,
  scale: number,
  bounds: ClassBounds,
): ClassShares {
  const counts: ClassShares = { zero: 0, subnormal: 0, normal: 0, overflow: 0 };
  for (const g of gradients) counts[classify(g * scale, bounds)] += 1;
  const total = gradients.length || 1;
  for (const c of GRADIENT_CLASSES) counts[c] /= total;
  return counts;
}

/** One bar of the histogram: a range of log10 |value| and how many values of each class. */
export interface HistogramBin {
  log10From: number;
  log10To: number;
  counts: Record<GradientClass, number>;
  /** Values of the unscaled sample in this range (the outline the scaled bars are compared to). */
  unscaled: number;
}

/** Histogram range and bar width, in decades. */
export const HISTOGRAM = { log10Min: -12, log10Max: 7, binsPerDecade: 4 } as const;

/** The histogram of the sample before and after scaling, on a log axis. */
export function histogram(
  gradients: Float64Array,
  scale: number,
  bounds: ClassBounds,
): HistogramBin[] {
  const { log10Min, log10Max, binsPerDecade } = HISTOGRAM;
  const count = (log10Max - log10Min) * binsPerDecade;
  const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({
    log10From: log10Min + i / binsPerDecade,
    log10To: log10Min + (i + 1) / binsPerDecade,
    counts: { zero: 0, subnormal: 0, normal: 0, overflow: 0 },
    unscaled: 0,
  }));
  const binOf = (value: number): HistogramBin | undefined => {
    const i = Math.floor((Math.log10(value) - log10Min) * binsPerDecade);
    return bins[Math.min(count - 1, Math.max(0, i))];
  };
  for (const g of gradients) {
    const scaled = g * scale;
    const bin = binOf(scaled);
    if (bin) bin.counts[classify(scaled, bounds)] += 1;
    const before = binOf(g);
    if (before) before.unscaled += 1;
  }
  return bins;
}
