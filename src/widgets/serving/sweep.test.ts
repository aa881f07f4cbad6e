import { describe, expect, it } from 'vitest';
import type { SweepPoint } from '../../engine/models';
import { KNEE_SHARE, kneeOf, sweepConcurrencies, SWEEP_POINTS } from './sweep';

/** A sweep point with only a throughput (the knee reads nothing else). */
const point = (concurrency: number, outputTokensPerSecond: number): SweepPoint => ({
  concurrency,
  outputTokensPerSecond,
  ttftSeconds: 0.1,
  tpotSeconds: 0.01,
});

describe('sweepConcurrencies', () => {
  it('takes every concurrency up to 64, then 64 spread on a log scale from 1 to the most that fit', () => {
    expect(sweepConcurrencies(1)).toEqual([1]);
    expect(sweepConcurrencies(0)).toEqual([1]);
    expect(sweepConcurrencies(5)).toEqual([1, 2, 3, 4, 5]);
    expect(sweepConcurrencies(64)).toHaveLength(64);
    for (const max of [65, 289, 1223, 2048]) {
      const values = sweepConcurrencies(max);
      expect(values.length).toBeGreaterThanOrEqual(SWEEP_POINTS);
      expect(values.length).toBeLessThanOrEqual(SWEEP_POINTS + 1);
      expect(values[0]).toBe(1);
      expect(values.at(-1)).toBe(max);
      expect(new Set(values).size).toBe(values.length);
      expect([...values].sort((a, b) => a - b)).toEqual(values);
    }
  });
});

describe('kneeOf: the fewest clients reaching 90 % of the plateau', () => {
  it('is the first point at or above 90 % of the highest throughput', () => {
    expect(KNEE_SHARE).toBe(0.9);
    const sweep = [
      point(1, 100),
      point(2, 190),
      point(4, 350),
      point(8, 600),
      point(16, 900),
      point(32, 1000),
      point(64, 1010),
    ];
    // 90 % of 1,010 is 909: 16 clients give 900, 32 give 1,000.
    expect(kneeOf(sweep)).toEqual({
      concurrency: 32,
      outputTokensPerSecond: 1000,
      plateauTokensPerSecond: 1010,
      plateauConcurrency: 64,
    });
  });

  it('counts a point exactly at 90 % as reaching it, whatever order the sweep is in', () => {
    const sweep = [point(8, 1000), point(4, 900), point(2, 899.99), point(1, 500)];
    expect(kneeOf(sweep)?.concurrency).toBe(4);
  });

  it('takes the plateau where throughput falls again past its peak', () => {
    const sweep = [point(1, 10), point(2, 95), point(4, 100), point(8, 80)];
    expect(kneeOf(sweep)).toMatchObject({ concurrency: 2, plateauConcurrency: 4 });
  });

  it('is the only point of a one-point sweep, and none of an empty or all-zero sweep', () => {
    expect(kneeOf([point(1, 42)])?.concurrency).toBe(1);
    expect(kneeOf([])).toBeNull();
    expect(kneeOf([point(1, 0)])).toBeNull();
  });
});
