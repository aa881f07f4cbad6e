import { describe, expect, it } from 'vitest';
import { checkWords } from './job';

/** Words as the GPU's read-back gives them: the u32 bits seen as f32 values. */
function asRead(words: number[]): Float32Array {
  return new Float32Array(Uint32Array.from(words).buffer);
}

describe('checking the race batch’s words', () => {
  it('passes identical words, NaN patterns included, and names the first that differs', () => {
    // 0x7fc00001 and 0xffc00000 are NaN as f32: compared as words, not as numbers.
    const expected = Uint32Array.from([1, 0x7fc00001, 0xffc00000, 42]);
    expect(checkWords(expected, asRead([1, 0x7fc00001, 0xffc00000, 42]))).toEqual({
      ok: true,
      checked: 4,
      total: 4,
      mismatches: 0,
      maxAbsError: 0,
    });
    const check = checkWords(expected, asRead([1, 0x7fc00002, 0xffc00000, 40]));
    expect(check).toMatchObject({ ok: false, mismatches: 2, maxAbsError: 2 });
    expect(check.firstMismatch).toEqual({ index: 1, expected: 0x7fc00001, actual: 0x7fc00002 });
  });

  it('counts words missing from a short read-back', () => {
    expect(checkWords(Uint32Array.from([5, 6]), asRead([5]))).toMatchObject({
      ok: false,
      mismatches: 1,
    });
  });
});
