import { describe, expect, it } from 'vitest';
import { warpLoad } from './coalescing';

describe('a warp’s load at a stride', () => {
  it.each([
    [1, 4, 1],
    [2, 8, 0.5],
    [3, 12, 1 / 3],
    [4, 16, 0.25],
    [5, 20, 0.2],
    [6, 24, 1 / 6],
    [7, 28, 1 / 7],
    [8, 32, 0.125],
    [16, 32, 0.125],
    [33, 32, 0.125],
    [64, 32, 0.125],
  ])('stride %i words: %i sectors, share used %f', (stride, sectors, share) => {
    const load = warpLoad(stride);
    expect(load.sectors).toHaveLength(sectors);
    expect(load.bytesFetched).toBe(sectors * 32);
    expect(load.bytesUsed).toBe(128);
    expect(load.usedShare).toBeCloseTo(share, 12);
  });

  it('lists each lane’s byte address and the sectors they fall in', () => {
    const load = warpLoad(2);
    expect(load.addressesBytes.slice(0, 4)).toEqual([0, 8, 16, 24]);
    expect(load.addressesBytes[31]).toBe(248);
    expect(load.sectors).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(warpLoad(1).usedShare).toBe(1);
    expect(warpLoad(8).usedShare).toBe(0.125);
  });

  it('refuses a stride below one word', () => {
    expect(() => warpLoad(0)).toThrow(RangeError);
    expect(() => warpLoad(1.5)).toThrow(RangeError);
  });
});
