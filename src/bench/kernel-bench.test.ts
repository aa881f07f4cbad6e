import { describe, expect, it } from 'vitest';
import {
  benchTargets,
  medianRoofs,
  rateRatio,
  summarizeKernel,
  type RunSample,
} from './bench-report';
import {
  blockedMatmulEdge,
  formatBenchTable,
  tensorPeakFor,
  type BenchKernel,
  type BenchReport,
} from './kernel-bench';

describe('the register-blocked matmul’s own size', () => {
  it('scales the edge by the cube root of the time ratio, in whole 128-wide blocks', () => {
    // 8 times the time allows twice the edge: 512 -> 1024.
    expect(blockedMatmulEdge(512, 0.005, 0.04)).toBe(1024);
    expect(blockedMatmulEdge(960, 0.0002, 0.04)).toBe(4096); // capped at the 4096³
    expect(blockedMatmulEdge(960, 0.0002, 0.04, 2048)).toBe(2048);
  });

  it('snaps to the largest edge from within a quarter of it, and not from further', () => {
    // 1104³ in 0.85 ms scales to about 3,985: 4096³, not 3968³.
    expect(blockedMatmulEdge(1104, 0.00085, 0.04)).toBe(4096);
    // 1024³ in 1.6 ms scales to about 2,994, under three quarters of 4096: whole blocks below.
    expect(blockedMatmulEdge(1024, 0.0016, 0.04)).toBe(2944);
    expect(blockedMatmulEdge(1024, 0.0025, 0.04)).toBe(2560);
  });

  it('never goes below the probe, and keeps it for a time that is not a positive number', () => {
    expect(blockedMatmulEdge(160, 1, 0.04)).toBe(160);
    expect(blockedMatmulEdge(160, 0, 0.04)).toBe(160);
    expect(blockedMatmulEdge(160, Number.NaN, 0.04)).toBe(160);
  });
});

/** A report entry with the given rates and roof. */
function kernel(over: Partial<BenchKernel>): BenchKernel {
  return {
    size: '1,024 elements',
    medianSeconds: 0.001,
    minSeconds: 0.001,
    maxSeconds: 0.001,
    repetitionSeconds: [0.001],
    relativeSpread: 0.01,
    gbPerSecond: 100,
    gflopPerSecond: 0,
    verified: true,
    timing: 'timestamp-query',
    bound: 'memory',
    fractionOfRoof: 0.5,
    fractionRange: [0.5, 0.5],
    ...over,
  };
}

describe('the benchmark table', () => {
  const report = {
    adapter: { isFallback: true },
    kernels: {
      copy: kernel({ gbPerSecond: 2940, fractionOfRoof: 1, fractionRange: [0.98, 1.01] }),
      'matmul-blocked': kernel({
        size: '4096 x 4096 x 4096',
        bound: 'compute',
        gflopPerSecond: 25_000,
        fractionOfRoof: 0.4251,
        fractionRange: [0.41, 0.43],
        verified: false,
      }),
    },
    targets: {
      'matmul-blocked': { measure: 'FLOP/s over FMA', target: 0.5, measured: 0.4251, met: false },
      'reduce-fast': { measure: 'GB/s over copy', target: 0.85, measured: 0.9, met: true },
    },
  } satisfies Pick<BenchReport, 'kernels' | 'targets'> & { adapter: { isFallback: boolean } };

  it('prints one aligned line per kernel with its roof, the fraction reached and its range', () => {
    const lines = formatBenchTable(report);
    expect(lines[0]).toMatch(/^kernel\s+size\s+rate\s+roof\s+of roof\s+range\s+verified$/);
    expect(lines[1]).toMatch(
      /^copy\s+1,024 elements\s+2,940 GB\/s\s+copy kernel GB\/s\s+100\.0 %\s+98\.0-101\.0 %\s+yes$/,
    );
    expect(lines[2]).toMatch(
      /^matmul-blocked\s+4096 x 4096 x 4096\s+25,000 GFLOP\/s\s+FMA kernel GFLOP\/s\s+42\.5 %\s+41\.0-43\.0 %\s+NO$/,
    );
    expect(lines[1]!.indexOf('copy kernel')).toBe(lines[2]!.indexOf('FMA kernel'));
  });

  it('states each target, whether it was met, and that a software adapter is not what it is for', () => {
    const lines = formatBenchTable(report);
    expect(lines.at(-2)).toBe(
      'target matmul-blocked: FLOP/s over FMA 42.5 % against 50.0 % (not met; a software ' +
        'adapter, the target is for a hardware GPU)',
    );
    const hardware = { ...report, adapter: { isFallback: false } };
    expect(formatBenchTable(hardware).at(-1)).toBe(
      'target reduce-fast: GB/s over copy 90.0 % against 85.0 % (met)',
    );
  });
});

/** A run sample of `seconds` moving `bytes` and doing `flops`. */
function sample(seconds: number, bytes: number, flops = 0, verified = true): RunSample {
  return { size: 'x', medianSeconds: seconds, bytes, flops, verified, timing: 'timestamp-query' };
}

describe('assembling the report from repetitions', () => {
  const roofs = { bytesPerSecond: 1000, flopsPerSecond: 1e6 };

  it('takes each kernel at its median repetition, with its extremes and range of fractions', () => {
    // 800 bytes in 1, 2 or 4 s: 800, 400 or 200 B/s against a 1000 B/s roof.
    const k = summarizeKernel([sample(2, 800), sample(1, 800), sample(4, 800)], roofs);
    expect(k).toMatchObject({
      medianSeconds: 2,
      minSeconds: 1,
      maxSeconds: 4,
      repetitionSeconds: [2, 1, 4],
      relativeSpread: 0.75,
      gbPerSecond: 400 / 1e9,
      bound: 'memory',
      fractionOfRoof: 0.4,
      fractionRange: [0.2, 0.8],
      verified: true,
    });
    expect(summarizeKernel([sample(1, 8), sample(1, 8, 0, false)], roofs).verified).toBe(false);
    expect(() => summarizeKernel([], roofs)).toThrow(RangeError);
  });

  it('sets compute-bound kernels against the FMA roof', () => {
    const k = summarizeKernel([sample(1, 10, 5e5)], roofs);
    expect(k).toMatchObject({ bound: 'compute', fractionOfRoof: 0.5 });
  });

  it('takes the roofs at the copy and FMA kernels’ medians', () => {
    expect(
      medianRoofs([sample(1, 100), sample(2, 100), sample(4, 100)], [sample(1, 0, 10)]),
    ).toEqual({ bytesPerSecond: 50, flopsPerSecond: 10 });
  });

  it('sets the issue’s targets for the kernels that ran, and ratios between them', () => {
    const kernels = {
      relu: kernel({ fractionOfRoof: 0.96, gbPerSecond: 96 }),
      copy: kernel({ fractionOfRoof: 1, gbPerSecond: 100 }),
      'reduce-fast': kernel({ fractionOfRoof: 0.5 }),
      'matmul-tuned': kernel({
        size: '4096 x 4096 x 4096',
        bound: 'compute',
        fractionOfRoof: 0.55,
      }),
    };
    const targets = benchTargets(kernels);
    // The lab kernels whose records set a target and that ran, in the list's order.
    expect(Object.keys(targets)).toEqual(['relu', 'reduce-fast', 'matmul-tuned']);
    expect(targets['matmul-tuned']).toEqual({
      measure: "FLOP/s at 4096 x 4096 x 4096 over the FMA kernel's",
      target: 0.5,
      measured: 0.55,
      met: true,
    });
    expect(targets.relu).toEqual({
      measure: "bandwidth over the copy kernel's",
      target: 0.95,
      measured: 0.96,
      met: true,
    });
    expect(targets['reduce-fast']!.met).toBe(false);
    expect(rateRatio(kernels, 'relu', 'copy', 'gbPerSecond')).toBeCloseTo(0.96);
    expect(rateRatio(kernels, 'relu', 'missing', 'gbPerSecond')).toBeNaN();
  });
});

describe('the tensor-core peak', () => {
  it('comes from the catalog for GPUs it recognises, and is null for others', () => {
    expect(tensorPeakFor({ device: 'nvidia-h100-80gb-hbm3', description: '' })).toBeCloseTo(
      989e12,
      -12,
    );
    expect(tensorPeakFor({ device: '', description: 'NVIDIA H200' })).toBeGreaterThan(9e14);
    expect(tensorPeakFor({ device: 'swiftshader', description: '' })).toBeNull();
  });
});
