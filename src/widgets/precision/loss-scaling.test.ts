import { describe, expect, it } from 'vitest';
import { roundToFormat } from './encoding';
import { formatOf } from './formats';
import {
  classBounds,
  classify,
  classShares,
  GRADIENT_COUNT,
  histogram,
  HISTOGRAM,
  sampleGradients,
} from './loss-scaling';
import { fromNumber } from './rational';

const fp16 = classBounds(formatOf('fp16'));

/** What rounding into fp16 really gives, for comparison with the fast class bounds. */
function roundedClass(x: number): string {
  const { encoded, outcome } = roundToFormat(formatOf('fp16'), {
    kind: 'finite',
    value: fromNumber(x),
    negative: false,
  });
  if (outcome === 'overflow') return 'overflow';
  if (encoded.cls === 'zero') return 'zero';
  return encoded.cls === 'subnormal' ? 'subnormal' : 'normal';
}

describe('fp16 class bounds', () => {
  it('sit exactly where rounding changes class', () => {
    expect(fp16).toMatchObject({
      zeroAtMost: 2 ** -25,
      subnormalBelow: 2 ** -14 - 2 ** -25,
      overflowAtLeast: 65520,
      smallestSubnormal: 2 ** -24,
      smallestNormal: 2 ** -14,
      largest: 65504,
    });
    const edges = [2 ** -25, 2 ** -14 - 2 ** -25, 65520];
    for (const edge of edges) {
      for (const x of [edge * (1 - 2 ** -40), edge, edge * (1 + 2 ** -40)]) {
        expect(classify(x, fp16), `${x}`).toBe(roundedClass(x));
      }
    }
  });

  it('agree with rounding across the whole sample', () => {
    for (const g of sampleGradients(2000, 7)) {
      for (const scale of [1, 2 ** 16, 2 ** 24]) {
        expect(classify(g * scale, fp16)).toBe(roundedClass(g * scale));
      }
    }
  });

  it('make bf16 keep every unscaled gradient, thanks to fp32’s exponent range', () => {
    const bf16 = classBounds(formatOf('bf16'));
    expect(bf16.smallestNormal).toBe(2 ** -126);
    const shares = classShares(sampleGradients(), 1, bf16);
    expect(shares).toEqual({ zero: 0, subnormal: 0, normal: 1, overflow: 0 });
  });

  it('refuses a format without infinities', () => {
    expect(() => classBounds(formatOf('e4m3'))).toThrow(/no infinity/);
  });
});

describe('the gradient sample under scaling', () => {
  const gradients = sampleGradients();

  it('is seeded, spans about 1e-10 to 1e-2, and is the same every time', () => {
    expect(gradients.length).toBe(GRADIENT_COUNT);
    expect(sampleGradients()).toEqual(gradients);
    expect(sampleGradients(GRADIENT_COUNT, 1)).not.toEqual(gradients);
    expect(Math.min(...gradients)).toBeGreaterThanOrEqual(10 ** -10.5);
    expect(Math.max(...gradients)).toBeLessThanOrEqual(10 ** -1.5);
    const sorted = [...gradients].sort((a, b) => a - b);
    expect(Math.log10(sorted[GRADIENT_COUNT / 2]!)).toBeCloseTo(-6, 0);
  });

  it('loses a large share to zero and subnormals in fp16 without scaling', () => {
    const unscaled = classShares(gradients, 1, fp16);
    expect(unscaled.zero).toBeGreaterThan(0.05);
    expect(unscaled.subnormal).toBeGreaterThan(0.5);
    expect(unscaled.overflow).toBe(0);
    expect(unscaled.zero + unscaled.subnormal + unscaled.normal + unscaled.overflow).toBeCloseTo(
      1,
      12,
    );
  });

  it('keeps nearly all of it normal at GradScaler’s 2^16, and overflows some at 2^24', () => {
    const scaled = classShares(gradients, 2 ** 16, fp16);
    expect(scaled.zero).toBe(0);
    expect(scaled.subnormal).toBeLessThan(0.05);
    expect(scaled.overflow).toBe(0);
    const tooFar = classShares(gradients, 2 ** 24, fp16);
    expect(tooFar.overflow).toBeGreaterThan(0);
    expect(tooFar.zero).toBe(0);
  });

  it('bins scaled and unscaled values on the log axis, counting every value once', () => {
    const bins = histogram(gradients, 2 ** 10, fp16);
    expect(bins).toHaveLength((HISTOGRAM.log10Max - HISTOGRAM.log10Min) * HISTOGRAM.binsPerDecade);
    const scaledTotal = bins.reduce(
      (sum, b) => sum + b.counts.zero + b.counts.subnormal + b.counts.normal + b.counts.overflow,
      0,
    );
    expect(scaledTotal).toBe(GRADIENT_COUNT);
    expect(bins.reduce((sum, b) => sum + b.unscaled, 0)).toBe(GRADIENT_COUNT);
    // Scaling by 2^10 moves every value about three decades (10 · log10 2) to the right.
    const centre = (counts: number[]) =>
      counts.reduce((sum, c, i) => sum + c * i, 0) / counts.reduce((a, b) => a + b, 0);
    const shift =
      centre(bins.map((b) => b.counts.zero + b.counts.subnormal + b.counts.normal)) -
      centre(bins.map((b) => b.unscaled));
    expect(shift / HISTOGRAM.binsPerDecade).toBeCloseTo(10 * Math.log10(2), 1);
  });
});
