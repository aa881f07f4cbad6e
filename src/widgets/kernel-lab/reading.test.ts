import { describe, expect, it } from 'vitest';
import { compare } from './compare';
import { predictModeled } from './model';
import { readGap } from './reading';
import { fakeMeasured } from './test-fixtures';

const A100 = 'NVIDIA A100 SXM4 80 GB';
const gpu = 'a100-sxm-80gb';

describe('the reading of the gap', () => {
  it('says a fallback adapter compares CPU cores with a datacenter GPU', () => {
    const c = compare(fakeMeasured('relu', { elements: 1 << 22 }, 0.03), gpu, predictModeled);
    const text = readGap(c, { catalogName: A100, isFallback: true });
    expect(text).toMatch(/software fallback/);
    expect(text).toMatch(/less than the 30 ms measured here/);
  });

  it('explains a memory-bound gap by bandwidth on a real GPU', () => {
    const c = compare(fakeMeasured('copy', { elements: 1 << 25 }, 0.0005), gpu, predictModeled);
    expect(c.modeled?.bound).toBe('memory');
    const text = readGap(c, { catalogName: A100, isFallback: false });
    expect(text).toMatch(/modeled [\d.]+× faster/);
    expect(text).toMatch(/limited by memory.*537 GB\/s here against 1,536 GB\/s modeled/);
  });

  it('explains the FMA gap by FP32 throughput', () => {
    const c = compare(fakeMeasured('fma', { elements: 1 << 20 }, 0.01), gpu, predictModeled);
    expect(readGap(c, { catalogName: A100, isFallback: false })).toMatch(/FP32 throughput/);
  });

  it('says the model assumes a tuned library matmul', () => {
    const c = compare(
      fakeMeasured('matmul-naive', { m: 1024, n: 1024, k: 1024 }, 0.01),
      gpu,
      predictModeled,
    );
    expect(readGap(c, { catalogName: A100, isFallback: false })).toMatch(/tuned library matmul/);
  });

  it('does not hide that tiling can lose on a software adapter', () => {
    const shape = { m: 128, n: 128, k: 128 };
    const c = compare(fakeMeasured('matmul-tiled', shape, 0.09), gpu, predictModeled);
    const text = readGap(c, {
      catalogName: A100,
      isFallback: true,
      matmulPair: { naiveFlopsPerSecond: 1.3e8, tiledFlopsPerSecond: 0.5e8 },
    });
    expect(text).toMatch(
      /Tiled is slower than naive here: on a software adapter every workgroup barrier/,
    );
  });

  it('credits tiling when it pays off', () => {
    const c = compare(
      fakeMeasured('matmul-tiled', { m: 2048, n: 2048, k: 2048 }, 0.002),
      gpu,
      predictModeled,
    );
    const text = readGap(c, {
      catalogName: A100,
      isFallback: false,
      matmulPair: { naiveFlopsPerSecond: 2e12, tiledFlopsPerSecond: 8e12 },
    });
    expect(text).toMatch(/Tiling paid off here: 4× the naive kernel/);
  });

  it('points at launch overhead for tiny work, and at caches when the GPU beats the model', () => {
    const tiny = compare(fakeMeasured('relu', { elements: 16 }, 0.000001), gpu, predictModeled);
    expect(readGap(tiny, { catalogName: A100, isFallback: false })).toMatch(/launch overhead/);
    const fast = compare(fakeMeasured('copy', { elements: 1 << 20 }, 1e-6), gpu, predictModeled);
    expect(readGap(fast, { catalogName: A100, isFallback: false })).toMatch(/cache/);
  });

  it('refuses to read a time whose output was wrong', () => {
    const c = compare(fakeMeasured('reduce', { elements: 100 }, 0.001, false), gpu, predictModeled);
    expect(readGap(c, { catalogName: A100, isFallback: false })).toMatch(
      /did not match the CPU reference/,
    );
  });

  it('says when the model cannot predict the work', () => {
    const c = compare(fakeMeasured('relu', { elements: 1000 }, 0.001), gpu, () => {
      throw new RangeError('too big for this GPU');
    });
    expect(c.modeled).toBeNull();
    expect(readGap(c, { catalogName: A100, isFallback: false })).toMatch(
      /could not predict.*too big/,
    );
  });
});
