import { describe, expect, it } from 'vitest';
import { median, quantileOfSorted, summarizeTimings } from './stats';

describe('timing statistics', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('interpolates quantiles between neighbours', () => {
    expect(quantileOfSorted([0, 10], 0.25)).toBe(2.5);
    expect(quantileOfSorted([1, 2, 3, 4, 5], 0.75)).toBe(4);
    expect(() => quantileOfSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileOfSorted([1], 1.5)).toThrow(RangeError);
  });

  it('summarises samples: median, extremes, quartiles and a relative spread', () => {
    const s = summarizeTimings([0.012, 0.01, 0.011, 0.02, 0.01]);
    expect(s.medianSeconds).toBe(0.011);
    expect(s.minSeconds).toBe(0.01);
    expect(s.maxSeconds).toBe(0.02);
    expect(s.q1Seconds).toBe(0.01);
    expect(s.q3Seconds).toBe(0.012);
    expect(s.relativeSpread).toBeCloseTo(0.001 / 0.011, 12);
    expect(s.samples).toBe(5);
  });

  it('is not moved by one slow outlier the way a mean would be', () => {
    const s = summarizeTimings([1, 1, 1, 1, 100]);
    expect(s.medianSeconds).toBe(1);
    expect(s.relativeSpread).toBe(0);
  });

  it('refuses empty lists and values that are not durations', () => {
    expect(() => summarizeTimings([])).toThrow(RangeError);
    expect(() => summarizeTimings([1, Number.NaN])).toThrow(/finite/);
    expect(() => summarizeTimings([-1])).toThrow(RangeError);
  });
});
