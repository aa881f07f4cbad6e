import { describe, expect, it } from 'vitest';
import {
  add,
  cmp,
  div,
  floorLog2,
  fromNumber,
  mul,
  pow2,
  rat,
  roundHalfEven,
  sub,
  toNumber,
} from './rational';

describe('rationals', () => {
  it('reduce and keep the sign on the numerator', () => {
    expect(rat(6n, -4n)).toEqual({ n: -3n, d: 2n });
    expect(rat(0n, -7n)).toEqual({ n: 0n, d: 1n });
    expect(() => rat(1n, 0n)).toThrow(/non-zero denominator/);
  });

  it('add, subtract, multiply and divide exactly', () => {
    const tenth = rat(1n, 10n);
    expect(add(tenth, rat(2n, 10n))).toEqual(rat(3n, 10n));
    expect(sub(tenth, tenth)).toEqual(rat(0n));
    expect(mul(rat(2n, 3n), rat(3n, 4n))).toEqual(rat(1n, 2n));
    expect(div(rat(1n), rat(3n))).toEqual({ n: 1n, d: 3n });
    expect(() => div(rat(1n), rat(0n))).toThrow(/division by zero/);
    expect(cmp(rat(1n, 3n), rat(333n, 1000n))).toBe(1);
  });

  it('finds floor(log2) on both sides of powers of two', () => {
    expect(floorLog2(rat(1n))).toBe(0);
    expect(floorLog2(rat(1n, 10n))).toBe(-4);
    expect(floorLog2(pow2(-149))).toBe(-149);
    expect(floorLog2(sub(pow2(20), pow2(-30)))).toBe(19);
    expect(floorLog2(rat(3n, 2n))).toBe(0);
    expect(() => floorLog2(rat(-1n))).toThrow(/positive/);
  });

  it('rounds half to even, also for negative numbers', () => {
    expect(roundHalfEven(rat(5n, 2n))).toBe(2n);
    expect(roundHalfEven(rat(7n, 2n))).toBe(4n);
    expect(roundHalfEven(rat(-5n, 2n))).toBe(-2n);
    expect(roundHalfEven(rat(-7n, 2n))).toBe(-4n);
    expect(roundHalfEven(rat(26n, 10n))).toBe(3n);
    expect(roundHalfEven(rat(-24n, 10n))).toBe(-2n);
  });

  it('reads doubles exactly, subnormals included, and converts back', () => {
    expect(fromNumber(0.1)).toEqual(rat(3602879701896397n, 36028797018963968n));
    expect(fromNumber(-2.5)).toEqual(rat(-5n, 2n));
    expect(fromNumber(5e-324)).toEqual(pow2(-1074));
    expect(fromNumber(Number.MAX_VALUE)).toEqual(mul(rat(2n ** 53n - 1n), pow2(971)));
    for (const x of [0.1, -3.5, 1e-300, 5e-324, 1.7976931348623157e308, 65504, 2 ** -24]) {
      expect(toNumber(fromNumber(x))).toBe(x);
    }
    expect(toNumber(rat(1n, 3n))).toBe(1 / 3);
    expect(toNumber(pow2(2000))).toBe(Infinity);
    expect(() => fromNumber(NaN)).toThrow(/not a finite number/);
  });
});
