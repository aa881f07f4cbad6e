import { describe, expect, it } from 'vitest';
import { reservedBytes } from './allocator';

const MIB = 2 ** 20;

describe('the caching allocator model', () => {
  it('rounds every block to 512 B and packs small ones into 2 MiB segments', () => {
    // 3 x 100 B -> 3 x 512 B = 1.5 KiB, one 2 MiB segment.
    expect(reservedBytes([100, 100, 100])).toBe(2 * MIB);
    // 5 x 600 KiB (small: at most 1 MiB each) = 3000 KiB -> two 2 MiB segments.
    expect(reservedBytes(Array(5).fill(600 * 1024))).toBe(4 * MIB);
  });

  it('shares 20 MiB segments between 1 and 10 MiB, and gives larger ones their own', () => {
    // Three 5 MiB blocks fit one 20 MiB segment.
    expect(reservedBytes([5 * MIB, 5 * MIB, 5 * MIB])).toBe(20 * MIB);
    // 11 MiB + 1 byte rounds to 12 MiB on its own.
    expect(reservedBytes([11 * MIB + 1])).toBe(12 * MIB);
    expect(reservedBytes([])).toBe(0);
    expect(() => reservedBytes([-1])).toThrow(RangeError);
  });
});
