import { describe, expect, it } from 'vitest';
import { FORMATS, formatOf } from './formats';
import { errorText, readInFormat } from './reading';
import { readTypedNumber, type TypedNumber } from './typed-number';

function typed(text: string): TypedNumber {
  const reading = readTypedNumber(text);
  if (!reading.ok) throw new Error(reading.message);
  return reading.number;
}

describe('readInFormat', () => {
  it('gives the stored value and its exact errors for 0.1', () => {
    const fp16 = readInFormat(formatOf('fp16'), typed('0.1'));
    expect(fp16.valueText).toBe('0.0999755859375');
    expect(errorText(fp16.absoluteError)).toBe('≈ -0.000024414062');
    expect(errorText(fp16.relativeError)).toBe('≈ 0.00024414062');
    const bf16 = readInFormat(formatOf('bf16'), typed('0.1'));
    expect(bf16.valueText).toBe('0.10009765625');
    expect(errorText(bf16.absoluteError)).toBe('0.00009765625');
    expect(errorText(bf16.relativeError)).toBe('0.0009765625');
    const fp32 = readInFormat(formatOf('fp32'), typed('0.1'));
    expect(fp32.valueText).toBe('0.100000001490116119384765625');
    expect(errorText(fp32.absoluteError)).toBe('≈ 1.4901161e-9');
    expect(fp32.verdict).toMatchObject({ tone: 'info', label: 'rounded' });
  });

  it('names every outcome plainly', () => {
    const label = (id: 'fp16' | 'e4m3' | 'e5m2' | 'bf16', text: string) =>
      readInFormat(formatOf(id), typed(text)).verdict.label;
    expect(label('fp16', '1e5')).toBe('overflow → inf');
    expect(label('fp16', '-1e5')).toBe('overflow → -inf');
    expect(label('e4m3', '1000')).toBe('overflow → NaN');
    expect(label('e4m3', 'inf')).toBe('inf → NaN');
    expect(label('e5m2', 'inf')).toBe('inf');
    expect(label('fp16', '1e-9')).toBe('underflow → 0');
    expect(label('fp16', '-1e-9')).toBe('underflow → -0');
    expect(label('fp16', '1e-6')).toBe('subnormal');
    expect(label('fp16', '0.5')).toBe('exact');
    expect(label('fp16', '5.9604644775390625e-8')).toBe('exact, subnormal');
    expect(label('bf16', 'nan')).toBe('NaN');
    expect(readInFormat(formatOf('e4m3'), typed('1000')).verdict.detail).toMatch(/clamp to ±448/);
  });

  it('has no error where one is undefined, and zero error for exact values', () => {
    const inf = readInFormat(formatOf('fp16'), typed('inf'));
    expect([inf.valueText, errorText(inf.absoluteError), errorText(inf.relativeError)]).toEqual([
      'inf',
      '—',
      '—',
    ]);
    const zero = readInFormat(formatOf('fp16'), typed('-0'));
    expect([zero.valueText, errorText(zero.absoluteError), errorText(zero.relativeError)]).toEqual([
      '-0',
      '0',
      '—',
    ]);
    const flushed = readInFormat(formatOf('fp16'), typed('1e-9'));
    expect(errorText(flushed.relativeError)).toBe('1');
    for (const format of FORMATS) {
      expect(errorText(readInFormat(format, typed('0.5')).absoluteError)).toBe('0');
    }
  });
});
