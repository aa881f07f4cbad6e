import { describe, expect, it } from 'vitest';
import {
  allIndices,
  checkElements,
  checkEveryElement,
  describeF32Check,
  F32_UNIT_ROUNDOFF,
  gammaF32,
  sampledIndices,
} from './verify-f32';

describe('f32 checks', () => {
  it('passes equal arrays and reports what it checked', () => {
    const c = checkElements(allIndices(3), 3, (i) => i, [0, 1, 2]);
    expect(c).toEqual({ ok: true, checked: 3, total: 3, mismatches: 0, maxAbsError: 0 });
    expect(describeF32Check(c)).toBe('all 3 values match the CPU reference');
  });

  it('finds the first value outside its tolerance, and treats NaN and missing values as wrong', () => {
    const c = checkElements(
      allIndices(4),
      4,
      () => 1,
      [1, 1.05, Number.NaN],
      () => 0.1,
    );
    expect(c.ok).toBe(false);
    expect(c.mismatches).toBe(2);
    expect(c.firstMismatch?.index).toBe(2);
    expect(describeF32Check(c)).toMatch(/^2 of all 4 values differ.*index 2/);
  });

  it('checks every element exactly as checkElements does, equal or not', () => {
    const special = [0, -0, 1.5, -2, Number.NaN, Infinity, -Infinity, 3e38];
    const pick = (seed: number) => special[(seed * 7919) % special.length] as number;
    for (let trial = 0; trial < 200; trial++) {
      const count = trial % 9;
      const expected = Float32Array.from({ length: count }, (_, i) => pick(trial + i));
      const actual = Float32Array.from(expected);
      // Most trials change one element, or give fewer values than count; some change nothing.
      if (trial % 3 === 1 && count > 0) actual[trial % count] = pick(trial * 3 + 1);
      const given = trial % 5 === 4 ? actual.subarray(0, Math.max(0, count - 1)) : actual;
      const exact = checkElements(allIndices(count), count, (i) => expected[i] as number, given);
      expect(checkEveryElement(expected, count, given), `trial ${trial}`).toEqual(exact);
    }
    const big = new Float32Array(1 << 20).map((_, i) => i);
    expect(checkEveryElement(big, big.length, big.slice())).toEqual({
      ok: true,
      checked: big.length,
      total: big.length,
      mismatches: 0,
      maxAbsError: 0,
    });
  });

  it('samples evenly, keeping both ends', () => {
    const s = sampledIndices(1000, 5);
    expect(s).toEqual([0, 250, 500, 749, 999]);
    expect(sampledIndices(3, 10)).toEqual([0, 1, 2]);
    const c = checkElements(s, 1000, () => 0, new Float32Array(1000));
    expect(describeF32Check(c)).toBe('5 sampled values of 1,000 match the CPU reference');
  });

  it("grows Higham's gamma with the number of roundings", () => {
    expect(gammaF32(1)).toBeCloseTo(F32_UNIT_ROUNDOFF, 12);
    // Higham: gamma_n = n·u / (1 - n·u), a little more than n·u.
    const nu = 100 * F32_UNIT_ROUNDOFF;
    expect(gammaF32(100)).toBeCloseTo(nu / (1 - nu), 18);
    expect(gammaF32(100)).toBeGreaterThan(nu);
    expect(gammaF32(2 ** 24)).toBe(Number.POSITIVE_INFINITY);
  });
});
