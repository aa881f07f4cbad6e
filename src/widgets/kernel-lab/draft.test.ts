import { describe, expect, it } from 'vitest';
import { draftOf, parseCount, parseSize, sameSize } from './draft';

describe('the lab form’s size text', () => {
  it('reads counts with separators and exponents', () => {
    expect(parseCount('Elements', '1,048,576')).toBe(1_048_576);
    expect(parseCount('Elements', '1e6')).toBe(1_000_000);
    expect(parseCount('Elements', ' 42 ')).toBe(42);
  });

  it('explains what is wrong with a count', () => {
    expect(parseCount('Elements', '')).toMatch(/empty/);
    expect(parseCount('Elements', 'many')).toMatch(/must be a number, got "many"/);
    expect(parseCount('Elements', '0x10')).toMatch(/must be a number/);
    expect(parseCount('m', '2.5')).toMatch(/whole number/);
    expect(parseCount('k', '0')).toMatch(/at least 1/);
    expect(parseCount('k', '1e300')).toMatch(/too large/);
  });

  it('parses the size kind of each kernel', () => {
    expect(parseSize('relu', draftOf({ elements: 7 }))).toEqual({
      ok: true,
      size: { elements: 7 },
    });
    expect(parseSize('matmul-tiled', draftOf({ m: 3, n: 4, k: 5 }))).toEqual({
      ok: true,
      size: { m: 3, n: 4, k: 5 },
    });
    expect(parseSize('matmul-naive', { elements: '', m: '3', n: '', k: '5' })).toEqual({
      ok: false,
      message: 'n is empty: type a whole number of at least 1.',
    });
    expect(parseSize('fma', draftOf({ elements: 0 }))).toMatchObject({ ok: false });
  });

  it('compares sizes of either kind', () => {
    expect(sameSize({ elements: 4 }, { elements: 4 })).toBe(true);
    expect(sameSize({ elements: 4 }, { m: 4, n: 4, k: 4 })).toBe(false);
    expect(sameSize({ m: 4, n: 4, k: 4 }, { m: 4, n: 4, k: 5 })).toBe(false);
  });
});
