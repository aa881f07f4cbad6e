import { describe, expect, it } from 'vitest';
import {
  formatGigabytesPerSecond,
  formatGigaflopsPerSecond,
  formatRate,
  formatSignificant,
  formatShare,
  formatSpread,
  formatTimes,
} from './format';

describe('lab formats', () => {
  it('formats rates with prefixes', () => {
    expect(formatRate(1.234e9, 'B')).toBe('1.23 GB/s');
    expect(formatRate(456e6, 'FLOP')).toBe('456 MFLOP/s');
    expect(formatRate(0, 'B')).toBe('0 B/s');
    expect(formatRate(Number.NaN, 'B')).toBe('—');
  });

  it('formats GB/s and GFLOP/s with three significant digits', () => {
    expect(formatGigabytesPerSecond(912e6)).toBe('0.912 GB/s');
    expect(formatGigabytesPerSecond(2.94e12)).toBe('2,940 GB/s');
    expect(formatGigaflopsPerSecond(4.72e9)).toBe('4.72 GFLOP/s');
    expect(formatSignificant(0)).toBe('0');
  });

  it('formats ratios and spreads', () => {
    expect(formatTimes(12.34)).toBe('12.3×');
    expect(formatTimes(1234.5)).toBe('1,235×');
    expect(formatSpread(0.0213)).toBe('± 2.1 %');
    expect(formatShare(0.198)).toBe('20 %');
    expect(formatShare(3.48)).toBe('3.48×');
  });
});
