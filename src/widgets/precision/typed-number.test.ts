import { describe, expect, it } from 'vitest';
import { rat } from './rational';
import { readTypedNumber, type TypedNumber } from './typed-number';

function read(text: string): TypedNumber {
  const reading = readTypedNumber(text);
  if (!reading.ok) throw new Error(reading.message);
  return reading.number;
}

function message(text: string): string {
  const reading = readTypedNumber(text);
  if (reading.ok) throw new Error(`"${text}" was read`);
  return reading.message;
}

describe('readTypedNumber', () => {
  it('reads decimals exactly, not as the nearest double', () => {
    expect(read('0.1')).toEqual({ kind: 'finite', value: rat(1n, 10n), negative: false });
    expect(read(' -3.5 ')).toEqual({ kind: 'finite', value: rat(-7n, 2n), negative: true });
    expect(read('1e-8')).toEqual({ kind: 'finite', value: rat(1n, 100000000n), negative: false });
    expect(read('6.1E+4')).toEqual({ kind: 'finite', value: rat(61000n), negative: false });
    expect(read('.5')).toEqual({ kind: 'finite', value: rat(1n, 2n), negative: false });
    expect(read('+2.')).toEqual({ kind: 'finite', value: rat(2n), negative: false });
    expect(read('0.30000000000000000000000000001')).toEqual({
      kind: 'finite',
      value: rat(30000000000000000000000000001n, 10n ** 29n),
      negative: false,
    });
  });

  it('keeps the sign of zero', () => {
    expect(read('-0')).toEqual({ kind: 'finite', value: rat(0n), negative: true });
    expect(read('0.000e5')).toEqual({ kind: 'finite', value: rat(0n), negative: false });
  });

  it('reads inf and nan in any case', () => {
    expect(read('inf')).toEqual({ kind: 'infinity', negative: false });
    expect(read('-Infinity')).toEqual({ kind: 'infinity', negative: true });
    expect(read('+INF')).toEqual({ kind: 'infinity', negative: false });
    expect(read('NaN')).toEqual({ kind: 'nan' });
  });

  it('says what it accepts for anything else', () => {
    expect(message('')).toMatch(/^Nothing typed yet\. Type a decimal number/);
    expect(message('abc')).toMatch(/^"abc" is not a number I can read\. Type a decimal/);
    expect(message('0x10')).toMatch(/not a number I can read/);
    expect(message('1e')).toMatch(/not a number I can read/);
    expect(message('.')).toMatch(/not a number I can read/);
    expect(message('--1')).toMatch(/not a number I can read/);
    expect(message('0,5')).toMatch(/Use a dot as the decimal mark/);
    expect(message('1'.repeat(201))).toMatch(/longer than 200 characters/);
  });

  it('refuses numbers far beyond every format, by size rather than by written exponent', () => {
    expect(message('1e401')).toMatch(/between about 1e-400 and 1e400/);
    expect(message('1e-401')).toMatch(/between about 1e-400 and 1e400/);
    expect(message('1e999999999999')).toMatch(/between about/);
    expect(read('0.001e403').kind).toBe('finite');
    expect(read('1000e-403').kind).toBe('finite');
  });
});
