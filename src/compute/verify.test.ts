import { describe, expect, it } from 'vitest';
import { compareU32, describeComparison } from './verify';

describe('compareU32', () => {
  it('reports equal arrays as ok', () => {
    const result = compareU32(new Uint32Array([1, 2, 0xffff_ffff]), [1, 2, 0xffff_ffff]);
    expect(result).toEqual({ ok: true, mismatches: 0 });
    expect(compareU32([], new Uint32Array(0))).toEqual({ ok: true, mismatches: 0 });
  });

  it('counts every differing position and remembers the first', () => {
    const result = compareU32([1, 2, 3, 4, 5], new Uint32Array([1, 9, 3, 8, 5]));
    expect(result).toEqual({
      ok: false,
      mismatches: 2,
      firstMismatch: { index: 1, expected: 2, actual: 9 },
    });
  });

  it('treats a length difference as mismatches past the shorter end', () => {
    expect(compareU32([1, 2, 3], [1])).toEqual({
      ok: false,
      mismatches: 2,
      firstMismatch: { index: 1, expected: 2, actual: undefined },
    });
    expect(compareU32([], [7])).toEqual({
      ok: false,
      mismatches: 1,
      firstMismatch: { index: 0, expected: undefined, actual: 7 },
    });
  });
});

describe('describeComparison', () => {
  it('names the first mismatch in hex', () => {
    expect(describeComparison(compareU32([0xdeadbeef, 1], [0xdeadbeef, 0x10]))).toBe(
      '1 value(s) differ; first at index 1: expected 0x00000001, got 0x00000010',
    );
    expect(describeComparison(compareU32([5], []))).toBe(
      '1 value(s) differ; first at index 0: expected 0x00000005, got nothing',
    );
    expect(describeComparison(compareU32([5], [5]))).toBe('all values match');
  });
});
