import { describe, expect, it } from 'vitest';
import { logTicks } from './ticks';

describe('logTicks', () => {
  it('lists powers of the base inside the domain', () => {
    expect(logTicks([1e8, 1e10], 10)).toEqual([1e8, 1e9, 1e10]);
    expect(logTicks([1 / 16, 64], 2, 2)).toEqual([1 / 16, 1 / 4, 1, 4, 16, 64]);
    expect(logTicks([4096, 2 ** 26], 16)).toEqual([4096, 65536, 2 ** 20, 2 ** 24]);
    expect(logTicks([3, 999], 10)).toEqual([10, 100]);
  });

  it('accepts a reversed domain and gives nothing for impossible input', () => {
    expect(logTicks([1000, 10], 10)).toEqual([10, 100, 1000]);
    expect(logTicks([0, 10], 10)).toEqual([]);
    expect(logTicks([1, Number.POSITIVE_INFINITY], 10)).toEqual([]);
    expect(logTicks([1, 10], 1)).toEqual([]);
  });
});
