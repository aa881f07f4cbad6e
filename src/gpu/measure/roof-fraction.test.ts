import { describe, expect, it } from 'vitest';
import { roofFraction } from './roof-fraction';

/** The H100 roofs measured through Dawn (docs/kernel-lab.md): 2.94 TB/s and 58.9 TFLOP/s. */
const h100 = { bytesPerSecond: 2.94e12, flopsPerSecond: 58.9e12 };

describe('fraction of the measured roofs', () => {
  it('measures a copy (no FLOPs) against the bandwidth roof', () => {
    const copy = { bytes: 8e6, flops: 0, bytesPerSecond: 2.94e12, flopsPerSecond: 0 };
    expect(roofFraction(copy, h100)).toEqual({ bound: 'memory', fraction: 1 });
  });

  it('measures a sum (1 FLOP per 4 bytes) against the bandwidth roof', () => {
    const sum = { bytes: 4e6, flops: 1e6, bytesPerSecond: 1.3e12, flopsPerSecond: 0.325e12 };
    const result = roofFraction(sum, h100);
    expect(result.bound).toBe('memory');
    expect(result.fraction).toBeCloseTo(1.3 / 2.94, 12);
  });

  it('measures a large matmul against the FLOP roof', () => {
    // 960³: 12·960² bytes, 2·960³ FLOPs, intensity 160 FLOP/B, far right of the ridge (20).
    const bytes = 12 * 960 ** 2;
    const flops = 2 * 960 ** 3;
    const matmul = { bytes, flops, bytesPerSecond: 16.5e9, flopsPerSecond: 2.63e12 };
    const result = roofFraction(matmul, h100);
    expect(result.bound).toBe('compute');
    expect(result.fraction).toBeCloseTo(2.63 / 58.9, 12);
  });

  it('puts a kernel at the ridge point on the compute side, and FLOPs without bytes there too', () => {
    const ridge = h100.flopsPerSecond / h100.bytesPerSecond; // FLOPs per byte
    const atRidge = { bytes: 1e6, flops: ridge * 1e6, bytesPerSecond: 1e12, flopsPerSecond: 2e13 };
    expect(roofFraction(atRidge, h100).bound).toBe('compute');
    const belowRidge = { ...atRidge, flops: ridge * 1e6 * 0.99 };
    expect(roofFraction(belowRidge, h100)).toEqual({ bound: 'memory', fraction: 1e12 / 2.94e12 });
    const noBytes = { bytes: 0, flops: 10, bytesPerSecond: 0, flopsPerSecond: 5.89e12 };
    expect(roofFraction(noBytes, h100)).toEqual({ bound: 'compute', fraction: 0.1 });
  });

  it('rejects roofs that are not positive and rates that are negative or not finite', () => {
    const run = { bytes: 1, flops: 1, bytesPerSecond: 1, flopsPerSecond: 1 };
    expect(() => roofFraction(run, { ...h100, bytesPerSecond: 0 })).toThrow(RangeError);
    expect(() => roofFraction(run, { ...h100, flopsPerSecond: Number.NaN })).toThrow(RangeError);
    expect(() => roofFraction({ ...run, bytes: -1 }, h100)).toThrow(/bytes/);
    expect(() => roofFraction({ ...run, flopsPerSecond: Infinity }, h100)).toThrow(RangeError);
  });
});
