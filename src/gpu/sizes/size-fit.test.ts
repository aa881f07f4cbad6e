import { describe, expect, it } from 'vitest';
import { fitSize, LAB_KERNELS, maxCount } from '../kernels/lab-kernels';
import { fitLabSize } from './lab-facet';
import { fitMatmul, formatBytes, matmulFits, scaleShape } from './size-fit';

/** WebGPU's default device limits, which every adapter supports. */
const defaults = {
  maxStorageBufferBindingSize: 128 * 2 ** 20,
  maxBufferSize: 256 * 2 ** 20,
  maxComputeWorkgroupsPerDimension: 65_535,
};

describe('fitting sizes to the device', () => {
  it('keeps a size that fits, untouched and without a message', () => {
    expect(fitSize('relu', { elements: 1000 }, defaults)).toEqual({
      size: { elements: 1000 },
      reduced: false,
      message: null,
    });
  });

  it('reduces a count to the largest whose padded buffer fits, naming the limit', () => {
    const fit = fitSize('copy', { elements: 1e9 }, defaults);
    expect(fit.size).toEqual({ elements: 32 * 2 ** 20 });
    expect(fit.reduced).toBe(true);
    expect(fit.message).toMatch(/Reduced 1,000,000,000 elements to 33,554,432.*128 MiB per buffer/);
    expect(maxCount('relu', defaults)).toBe(32 * 2 ** 20);
  });

  it('uses the smaller of the binding and buffer limits', () => {
    const tight = { ...defaults, maxBufferSize: 1024 };
    expect(maxCount('copy', tight)).toBe(256);
    expect(maxCount('copy', { ...tight, maxBufferSize: 1030 })).toBe(256);
  });

  it('counts FMA sizes in threads of 16 bytes each', () => {
    expect(maxCount('fma', defaults)).toBe(8 * 2 ** 20);
    expect(fitSize('fma', { elements: 1e9 }, defaults).message).toMatch(/threads/);
  });

  it('shrinks a matrix shape keeping its proportions, to one that fits', () => {
    const fit = fitSize('matmul-tiled', { m: 20_000, n: 10_000, k: 5000 }, defaults);
    expect(fit.reduced).toBe(true);
    const s = fit.size as { m: number; n: number; k: number };
    expect(matmulFits(s, defaults)).toBe(true);
    expect(s.m / s.n).toBeCloseTo(2, 2);
    expect(s.n / s.k).toBeCloseTo(2, 2);
    // One step bigger would not fit: it is the largest with these proportions.
    expect(
      matmulFits(scaleShape({ m: 20_000, n: 10_000, k: 5000 }, (s.m + 2) / 20_000), defaults),
    ).toBe(false);
    expect(fit.message).toMatch(/^Reduced 20000 x 10000 x 5000 to /);
  });

  it('keeps dimensions at 1 at least, and respects the grid limit', () => {
    expect(fitMatmul({ m: 1, n: 1, k: 1e9 }, defaults)).toEqual({ m: 1, n: 1, k: 32 * 2 ** 20 });
    const grid = { ...defaults, maxComputeWorkgroupsPerDimension: 4 };
    // 4 workgroups of 16 rows hold m = 64; n and k keep their tenth of it, rounded down.
    expect(fitMatmul({ m: 100, n: 10, k: 10 }, grid)).toEqual({ m: 64, n: 6, k: 6 });
  });

  it('counts the row padding of the register-blocked matmul and its 128-wide blocks', () => {
    // A is 8,388,608 x 3: 96 MiB unpadded, but 128 MiB once its rows are padded to a vec4.
    const tight = {
      ...defaults,
      maxBufferSize: 128 * 2 ** 20 - 4,
      maxComputeWorkgroupsPerDimension: 1 << 20,
    };
    const shape = { m: 8 * 2 ** 20, n: 1, k: 3 };
    expect(matmulFits(shape, tight, { matmulEdge: 16, matmulRowAlignment: 1 })).toBe(true);
    expect(matmulFits(shape, tight, { matmulEdge: 128, matmulRowAlignment: 4 })).toBe(false);
    expect(fitSize('matmul-tiled', shape, tight).reduced).toBe(false);
    const fit = fitSize('matmul-blocked', shape, tight);
    expect(fit.reduced).toBe(true);
    expect(fit.size).toEqual({ m: 8 * 2 ** 20 - 1, n: 1, k: 2 });
    // Two workgroups of 128 rows hold m = 256 on a grid limited to 2 per dimension.
    const grid = { ...defaults, maxComputeWorkgroupsPerDimension: 2 };
    expect(fitSize('matmul-blocked', { m: 256, n: 100, k: 7 }, grid).reduced).toBe(false);
    expect(fitSize('matmul-blocked', { m: 257, n: 100, k: 7 }, grid).size).toEqual({
      m: 256,
      n: 99,
      k: 6,
    });
  });

  it('keeps what else a size carries when it reduces it', () => {
    const copy = fitLabSize(LAB_KERNELS.copy, { elements: 1e9, vec4sPerInvocation: 4 }, defaults);
    expect(copy.size).toEqual({ elements: 32 * 2 ** 20, vec4sPerInvocation: 4 });
    const tile = { tileM: 64, tileN: 64, tileK: 16, microM: 4, microN: 4 };
    const tuned = fitLabSize(LAB_KERNELS['matmul-tuned'], { m: 1e5, n: 1e5, k: 8, tile }, defaults);
    expect(tuned.reduced).toBe(true);
    expect(tuned.size.tile).toBe(tile);
  });

  it('formats bytes for messages', () => {
    expect(formatBytes(128 * 2 ** 20)).toBe('128 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(12)).toBe('12 B');
  });
});
