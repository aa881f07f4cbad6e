import { describe, expect, it } from 'vitest';
import {
  closeEnough,
  compareOutput,
  describeMismatch,
  FILL_BITS,
  formatValue,
  MAX_MISMATCHES,
} from './compare';

const EXACT = { absolute: 0, relative: 0 };

/** Words of floats, then `pad` words of `fill`. */
function bitsOf(values: number[], pad: number, fill = FILL_BITS): Uint32Array {
  const floats = new Float32Array(values.length + pad);
  floats.set(values);
  const bits = new Uint32Array(floats.buffer);
  bits.fill(fill, values.length);
  return bits;
}

describe('comparing an output with the CPU reference', () => {
  it('passes equal values with untouched padding', () => {
    const check = compareOutput({
      buffer: 'out',
      element: 'f32',
      initial: 'fill',
      expected: Float32Array.from([1, 2.5, -3]),
      bits: bitsOf([1, 2.5, -3], 4),
      tolerance: EXACT,
    });
    expect(check).toEqual({ buffer: 'out', ok: true, wrong: 0, first: [] });
  });

  it('names the first mismatches by index, expected value and value found', () => {
    const check = compareOutput({
      buffer: 'out',
      element: 'f32',
      initial: 'fill',
      expected: Float32Array.from([11, 12, 13]),
      bits: bitsOf([11, 2, 3], 2),
      tolerance: EXACT,
    });
    expect(check.ok).toBe(false);
    expect(check.wrong).toBe(2);
    expect(check.first.map(describeMismatch)).toEqual([
      'out[1]: expected 12, got 2',
      'out[2]: expected 13, got 3',
    ]);
  });

  it('says when an element was never written, and when a thread wrote past the end', () => {
    const bits = bitsOf([1], 3);
    bits[0] = FILL_BITS;
    bits[2] = new Uint32Array(Float32Array.from([7]).buffer)[0]!;
    const check = compareOutput({
      buffer: 'out',
      element: 'f32',
      initial: 'fill',
      expected: Float32Array.from([1]),
      bits,
      tolerance: EXACT,
    });
    expect(check.first).toEqual([
      { buffer: 'out', index: 0, expected: '1', got: 'never written', pastEnd: false },
      {
        buffer: 'out',
        index: 2,
        expected: 'never written (past the end)',
        got: '7',
        pastEnd: true,
      },
    ]);
  });

  it('keeps only the first few mismatches but counts them all', () => {
    const expected = new Float32Array(20).fill(1);
    const check = compareOutput({
      buffer: 'out',
      element: 'f32',
      initial: 'fill',
      expected,
      bits: bitsOf(new Array<number>(20).fill(0), 0),
      tolerance: EXACT,
    });
    expect(check.wrong).toBe(20);
    expect(check.first).toHaveLength(MAX_MISMATCHES);
    expect(check.first.map((m) => m.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('compares counters exactly, with zero as the untouched value', () => {
    const bits = Uint32Array.from([2, 0, 5, 0, 1]);
    const check = compareOutput({
      buffer: 'bins',
      element: 'u32',
      initial: 'zero',
      expected: Uint32Array.from([2, 1, 5]),
      bits,
      tolerance: EXACT,
    });
    expect(check.first.map(describeMismatch)).toEqual([
      'bins[1]: expected 1, got 0',
      'bins[4]: expected 0 (past the end), got 1',
    ]);
  });

  it('accepts float results within the tolerance and never NaN for a number', () => {
    const tolerance = { absolute: 1e-7, relative: 1e-4 };
    expect(closeEnough(1.00005, 1, tolerance)).toBe(true);
    expect(closeEnough(1.001, 1, tolerance)).toBe(false);
    expect(closeEnough(Number.NaN, 1, tolerance)).toBe(false);
    expect(closeEnough(5e-8, 0, tolerance)).toBe(true);
  });

  it('prints values plainly', () => {
    expect(formatValue(3, 'f32')).toBe('3');
    expect(formatValue(0.1 + 0.2, 'f32')).toBe('0.3');
    expect(formatValue(Number.NaN, 'f32')).toBe('NaN');
    expect(formatValue(Number.POSITIVE_INFINITY, 'f32')).toBe('inf');
    expect(formatValue(4294967295, 'u32')).toBe('4294967295');
  });
});
