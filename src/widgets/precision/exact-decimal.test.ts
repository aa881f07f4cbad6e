import { describe, expect, it } from 'vitest';
import { exactDecimal, floorLog10, isTerminating, shortDecimal } from './exact-decimal';
import { pow2, rat } from './rational';

describe('exactDecimal', () => {
  it('writes every digit of a fraction over a power of two', () => {
    expect(exactDecimal(rat(1638n, 16384n))).toBe('0.0999755859375');
    expect(exactDecimal(pow2(-24))).toBe('5.9604644775390625e-8');
    expect(exactDecimal(pow2(-14))).toBe('0.00006103515625');
    expect(exactDecimal(rat(-65504n))).toBe('-65504');
    expect(exactDecimal(rat(7n, 2n))).toBe('3.5');
    expect(exactDecimal(rat(0n))).toBe('0');
    expect(exactDecimal(rat(1n, 10n))).toBe('0.1');
    expect(exactDecimal(pow2(-149))).toBe(
      '1.40129846432481707092372958328991613128026194187651577175706828388979108268586060148663818836212158203125e-45',
    );
  });

  it('switches to scientific notation where JavaScript does', () => {
    expect(exactDecimal(rat(10n ** 20n))).toBe('100000000000000000000');
    expect(exactDecimal(rat(10n ** 21n))).toBe('1e+21');
    expect(exactDecimal(rat(1n, 10n ** 7n))).toBe('1e-7');
    expect(exactDecimal(rat(1n, 10n ** 6n))).toBe('0.000001');
    expect(exactDecimal(rat(123456n, 10n ** 9n))).toBe('0.000123456');
  });

  it('refuses a fraction that never ends', () => {
    expect(isTerminating(rat(1n, 3n))).toBe(false);
    expect(isTerminating(rat(3n, 40n))).toBe(true);
    expect(() => exactDecimal(rat(1n, 3n))).toThrow(/no finite decimal expansion/);
  });
});

describe('shortDecimal', () => {
  it('rounds to six significant digits and says when that is exact', () => {
    expect(shortDecimal(rat(1n, 3n))).toEqual({ text: '0.333333', exact: false });
    expect(shortDecimal(rat(-244140625n, 10n ** 12n))).toEqual({
      text: '-0.000244141',
      exact: false,
    });
    expect(shortDecimal(rat(-244140625n, 10n ** 12n), 9)).toEqual({
      text: '-0.000244140625',
      exact: true,
    });
    expect(shortDecimal(rat(9999996n, 10n ** 13n))).toEqual({ text: '0.000001', exact: false });
    expect(shortDecimal(rat(3n, 2n ** 30n))).toEqual({ text: '2.79397e-9', exact: false });
    expect(shortDecimal(rat(0n))).toEqual({ text: '0', exact: true });
  });

  it('finds the decimal exponent exactly around powers of ten', () => {
    expect(floorLog10(rat(1n))).toBe(0);
    expect(floorLog10(rat(999n, 1000n))).toBe(-1);
    expect(floorLog10(rat(10n ** 38n))).toBe(38);
    expect(floorLog10(rat(10n ** 38n - 1n))).toBe(37);
    expect(floorLog10(pow2(-149))).toBe(-45);
  });
});
