import { describe, expect, it } from 'vitest';
import {
  formatBytesBinary,
  formatBytesDecimal,
  formatCount,
  formatGigabytesPerSecond,
  formatGigaflopsPerSecond,
  formatGigahertz,
  formatPercent,
  formatRate,
  formatRatio,
  formatSeconds,
  formatShare,
  formatSignificant,
  formatSiShort,
  formatSpread,
  formatTeraflopsPerSecond,
  NO_VALUE,
} from './units';

const NOT_NUMBERS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

describe('formatSignificant and formatCount', () => {
  it('keeps three significant digits and drops trailing zeros', () => {
    expect(formatSignificant(0)).toBe('0');
    expect(formatSignificant(0.012345)).toBe('0.0123');
    expect(formatSignificant(4.5)).toBe('4.5');
    expect(formatSignificant(999.4)).toBe('999');
    expect(formatSignificant(999.6)).toBe('1,000');
    expect(formatSignificant(2939.7)).toBe('2,940');
    expect(formatSignificant(-12.34)).toBe('-12.3');
  });

  it('writes whole counts with separators', () => {
    expect(formatCount(16896)).toBe('16,896');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(-1234.4)).toBe('-1,234');
    expect(formatCount(6.6)).toBe('7');
  });
});

describe('formatSeconds', () => {
  it('picks the unit from ns to s', () => {
    expect(formatSeconds(2.5)).toBe('2.5 s');
    expect(formatSeconds(0.03)).toBe('30 ms');
    expect(formatSeconds(7.73e-6)).toBe('7.73 µs');
    expect(formatSeconds(0.00078)).toBe('780 µs');
    expect(formatSeconds(1.53e-5)).toBe('15.3 µs');
    expect(formatSeconds(4.2e-8)).toBe('42 ns');
    expect(formatSeconds(1234)).toBe('1,234 s');
  });

  it('rounds before choosing the unit, so nothing reads 1,000 of the smaller one', () => {
    expect(formatSeconds(999.9e-6)).toBe('1 ms');
    expect(formatSeconds(999.4e-6)).toBe('999 µs');
    expect(formatSeconds(0.9996)).toBe('1 s');
    expect(formatSeconds(1e-3)).toBe('1 ms');
  });

  it('handles zero, negative and non-finite values', () => {
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(-0.0015)).toBe('-1.5 ms');
    expect(formatSeconds(1e-12)).toBe('0.001 ns');
    for (const x of NOT_NUMBERS) expect(formatSeconds(x)).toBe(NO_VALUE);
  });
});

describe('bytes', () => {
  it('writes binary sizes in KiB, MiB, GiB', () => {
    expect(formatBytesBinary(512)).toBe('512 B');
    expect(formatBytesBinary(1536)).toBe('1.5 KiB');
    expect(formatBytesBinary(164 * 1024)).toBe('164 KiB');
    expect(formatBytesBinary(128 * 2 ** 20)).toBe('128 MiB');
    expect(formatBytesBinary(80 * 2 ** 30)).toBe('80 GiB');
    expect(formatBytesBinary(85_017_493_504)).toBe('79.18 GiB');
    expect(formatBytesBinary(494.5 * 2 ** 20)).toBe('494.5 MiB');
    expect(formatBytesBinary(2 ** 42)).toBe('4 TiB');
  });

  it('moves to the next binary unit when rounding reaches 1024', () => {
    expect(formatBytesBinary(1023)).toBe('1023 B');
    expect(formatBytesBinary(1024)).toBe('1 KiB');
    expect(formatBytesBinary(2 ** 20 - 1)).toBe('1 MiB');
    expect(formatBytesBinary(1000 * 2 ** 20)).toBe('1,000 MiB');
  });

  it('writes decimal sizes in KB, MB, GB', () => {
    expect(formatBytesDecimal(999)).toBe('999 B');
    expect(formatBytesDecimal(1000)).toBe('1 KB');
    expect(formatBytesDecimal(2048)).toBe('2.05 KB');
    expect(formatBytesDecimal(1_048_576)).toBe('1.05 MB');
    expect(formatBytesDecimal(19_267_584)).toBe('19.27 MB');
    expect(formatBytesDecimal(999_999)).toBe('1 MB');
    expect(formatBytesDecimal(81.92e9)).toBe('81.92 GB');
    expect(formatBytesDecimal(123_456_789)).toBe('123.5 MB');
  });

  it('handles zero, negative and non-finite sizes', () => {
    expect(formatBytesBinary(0)).toBe('0 B');
    expect(formatBytesDecimal(0)).toBe('0 B');
    expect(formatBytesBinary(-2048)).toBe('-2 KiB');
    expect(formatBytesDecimal(-2048)).toBe('-2.05 KB');
    for (const x of NOT_NUMBERS) {
      expect(formatBytesBinary(x)).toBe(NO_VALUE);
      expect(formatBytesDecimal(x)).toBe(NO_VALUE);
    }
  });
});

describe('rates and clocks', () => {
  it('writes fixed-unit rates with three significant digits', () => {
    expect(formatGigabytesPerSecond(912e6)).toBe('0.912 GB/s');
    expect(formatGigabytesPerSecond(25.2e9)).toBe('25.2 GB/s');
    expect(formatGigabytesPerSecond(2039e9)).toBe('2,039 GB/s');
    expect(formatGigabytesPerSecond(2.94e12)).toBe('2,940 GB/s');
    expect(formatGigaflopsPerSecond(4.72e9)).toBe('4.72 GFLOP/s');
    expect(formatTeraflopsPerSecond(19.5e12)).toBe('19.5 TFLOP/s');
    expect(formatTeraflopsPerSecond(494.5e12)).toBe('495 TFLOP/s');
    expect(formatTeraflopsPerSecond(1979e12)).toBe('1,979 TFLOP/s');
    expect(formatGigahertz(1.41e9)).toBe('1.41 GHz');
  });

  it('writes rates with the SI prefix that fits', () => {
    expect(formatRate(1.234e9, 'B')).toBe('1.23 GB/s');
    expect(formatRate(456e6, 'FLOP')).toBe('456 MFLOP/s');
    expect(formatRate(999.7e6, 'B')).toBe('1 GB/s');
    expect(formatRate(1e8, 'B')).toBe('100 MB/s');
    expect(formatRate(12, 'B')).toBe('12 B/s');
    expect(formatRate(0, 'B')).toBe('0 B/s');
    expect(formatRate(-2e9, 'B')).toBe('-2 GB/s');
    expect(formatSiShort(1e7)).toBe('10M');
    expect(formatSiShort(1e3)).toBe('1k');
    expect(formatSiShort(1.5e9)).toBe('1.5G');
    expect(formatSiShort(1e14)).toBe('100T');
    expect(formatSiShort(100)).toBe('100');
  });

  it('writes a dash for non-finite rates', () => {
    for (const x of NOT_NUMBERS) {
      expect(formatRate(x, 'B')).toBe(NO_VALUE);
      expect(formatSiShort(x)).toBe(NO_VALUE);
      expect(formatGigabytesPerSecond(x)).toBe(NO_VALUE);
      expect(formatGigaflopsPerSecond(x)).toBe(NO_VALUE);
      expect(formatTeraflopsPerSecond(x)).toBe(NO_VALUE);
      expect(formatGigahertz(x)).toBe(NO_VALUE);
    }
    expect(formatGigabytesPerSecond(0)).toBe('0 GB/s');
  });
});

describe('ratios, shares and spreads', () => {
  it('writes ratios with three significant digits', () => {
    expect(formatRatio(4)).toBe('4×');
    expect(formatRatio(12.34)).toBe('12.3×');
    expect(formatRatio(99.96)).toBe('100×');
    expect(formatRatio(1234.5)).toBe('1,235×');
    expect(formatRatio(0.5)).toBe('0.5×');
    expect(formatRatio(0)).toBe('0×');
    expect(formatRatio(-2)).toBe('-2×');
  });

  it('writes shares below 1 as percentages, from 1 up as multiples', () => {
    expect(formatShare(0.198)).toBe('20 %');
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(1)).toBe('1×');
    expect(formatShare(3.48)).toBe('3.48×');
    expect(formatPercent(0.0213)).toBe('2.1 %');
    expect(formatPercent(-0.5)).toBe('-50 %');
  });

  it('writes spreads as ± a percentage', () => {
    expect(formatSpread(0.0213)).toBe('± 2.1 %');
    expect(formatSpread(0)).toBe('± 0 %');
    expect(formatSpread(-0.05)).toBe('± 5 %');
  });

  it('writes a dash for non-finite ratios', () => {
    for (const x of NOT_NUMBERS) {
      expect(formatRatio(x)).toBe(NO_VALUE);
      expect(formatShare(x)).toBe(NO_VALUE);
      expect(formatPercent(x)).toBe(NO_VALUE);
      expect(formatSpread(x)).toBe(NO_VALUE);
      expect(formatCount(x)).toBe(NO_VALUE);
      expect(formatSignificant(x)).toBe(NO_VALUE);
    }
  });
});
