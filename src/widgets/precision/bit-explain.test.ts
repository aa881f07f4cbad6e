import { describe, expect, it } from 'vitest';
import { explainPattern, fieldStrings, flipBit, hexOf, patternBits } from './bit-explain';
import { decodeBits } from './encoding';
import { formatOf } from './formats';

const fp16 = formatOf('fp16');

describe('bit patterns read aloud', () => {
  it('lays out the bits by field, sign first', () => {
    const bits = patternBits(fp16, 0x2e66);
    expect(bits.map((b) => b.value).join('')).toBe('0010111001100110');
    expect(bits.map((b) => b.field[0]).join('')).toBe('seeeeemmmmmmmmmm');
    expect(bits[0]!.index).toBe(15);
    expect(fieldStrings(fp16, decodeBits(fp16, 0x2e66))).toEqual({
      sign: '0',
      exponent: '01011',
      mantissa: '1001100110',
    });
    expect(patternBits(formatOf('fp32'), 0x80000000)[0]!.value).toBe(1);
  });

  it('flips one bit, in either direction, and writes hex', () => {
    expect(flipBit(0x2e66, 15)).toBe(0xae66);
    expect(flipBit(0xae66, 15)).toBe(0x2e66);
    expect(flipBit(0, 0)).toBe(1);
    expect(flipBit(0xffffffff, 31)).toBe(0x7fffffff);
    expect(hexOf(fp16, 0x66)).toBe('0x0066');
    expect(hexOf(formatOf('tf32'), 0x1ee66)).toBe('0x1ee66');
  });

  it('explains normal, subnormal and special patterns step by step', () => {
    expect(explainPattern(fp16, decodeBits(fp16, 0x2e66))).toEqual([
      'Sign 0: positive.',
      'Exponent 01011 = 11, minus the bias 15: 2^-4.',
      'Mantissa 1001100110 = 614: significand 1 + 614/1024 = 1.599609375.',
      'Value: 0.0999755859375.',
    ]);
    expect(explainPattern(fp16, decodeBits(fp16, 0x8001))).toEqual([
      'Sign 1: negative.',
      'Exponent 00000: subnormal, scale 2^-14 and no hidden leading 1.',
      'Mantissa 0000000001 = 1: significand 0 + 1/1024.',
      'Value: -5.9604644775390625e-8.',
    ]);
    expect(explainPattern(fp16, decodeBits(fp16, 0x8000)).at(-1)).toBe('Value: -0.');
    expect(explainPattern(fp16, decodeBits(fp16, 0x7c00))[1]).toMatch(/infinity/);
    const e4m3 = formatOf('e4m3');
    expect(explainPattern(e4m3, decodeBits(e4m3, 0x7f))[1]).toMatch(/the only NaN pattern/);
    expect(explainPattern(e4m3, decodeBits(e4m3, 0x7e)).at(-1)).toBe('Value: 448.');
  });
});
