import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZES, draftOf, parseCount, parseSize, SIZE_PRESETS } from './settings';

describe('lab settings', () => {
  it('reads counts with separators and exponents', () => {
    expect(parseCount('Elements', '1,048,576')).toBe(1_048_576);
    expect(parseCount('Elements', '1e6')).toBe(1_000_000);
    expect(parseCount('Elements', ' 42 ')).toBe(42);
  });

  it('explains what is wrong with a count', () => {
    expect(parseCount('Elements', '')).toMatch(/empty/);
    expect(parseCount('Elements', 'many')).toMatch(/must be a number/);
    expect(parseCount('m', '2.5')).toMatch(/whole number/);
    expect(parseCount('k', '0')).toMatch(/at least 1/);
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

  it('has a default and presets of the right kind for every kernel', () => {
    expect('m' in DEFAULT_SIZES['matmul-naive']).toBe(true);
    expect('elements' in DEFAULT_SIZES.copy).toBe(true);
    expect(SIZE_PRESETS.matmul.every((p) => 'm' in p.size)).toBe(true);
  });
});
