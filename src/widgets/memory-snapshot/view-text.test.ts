import { describe, expect, it } from 'vitest';
import { byteTicks, formatAddress, formatX, progressText } from './view-text';

const MIB = 1024 * 1024;

describe('view text', () => {
  it('writes x as time since the first event or as an event number', () => {
    expect(formatX(12_500, 'time')).toBe('12.5 ms');
    expect(formatX(1234, 'event')).toBe('event 1,234');
  });

  it('puts byte ticks on round binary values', () => {
    expect(byteTicks(126_509_260 * 1.1)).toEqual([0, 20, 40, 60, 80, 100, 120].map((m) => m * MIB));
    expect(byteTicks(3000)).toEqual([0, 512, 1024, 1536, 2048, 2560]);
    expect(byteTicks(0)).toEqual([0]);
  });

  it('says what is loading and how far it is', () => {
    const file = { kind: 'file' as const, name: 's.pickle', sizeBytes: 2 * MIB };
    expect(progressText(file, null)).toBe('Opening s.pickle…');
    expect(progressText(file, { stage: 'reading', fraction: 0.4 })).toBe(
      'Reading s.pickle (2 MiB): 40 %',
    );
    expect(progressText({ kind: 'example', name: 'e', sizeBytes: 0 }, null)).toBe(
      'Fetching the example…',
    );
    expect(formatAddress(0x7f3a4c000000)).toBe('0x7f3a4c000000');
  });
});
