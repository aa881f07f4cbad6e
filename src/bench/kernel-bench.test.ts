import { describe, expect, it } from 'vitest';
import {
  blockedMatmulEdge,
  formatBenchTable,
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
    relativeSpread: 0.01,
    gbPerSecond: 100,
    gflopPerSecond: 0,
    verified: true,
    timing: 'timestamp-query',
    bound: 'memory',
    fractionOfRoof: 0.5,
    ...over,
  };
}

describe('the benchmark table', () => {
  const report: BenchReport = {
    adapter: {
      vendor: 'acme',
      architecture: 'x',
      device: '',
      description: '',
      isFallback: true,
      timestampQuery: true,
      subgroups: false,
    },
    kernels: {
      copy: kernel({ gbPerSecond: 2940, fractionOfRoof: 1 }),
      'matmul-blocked': kernel({
        size: '4096 x 4096 x 4096',
        bound: 'compute',
        gflopPerSecond: 25_000,
        fractionOfRoof: 0.4251,
        verified: false,
      }),
    },
    ratios: {
      copyKernelOverCopyBufferToBuffer: 1,
      reluOverCopyBandwidth: 1,
      tiledOverNaiveThroughput: 1,
      blockedOverTiledThroughput: 1,
      reduceFastOverReduceBandwidth: 1,
    },
    targets: {
      'matmul-blocked': { measure: 'FLOP/s over FMA', target: 0.4, measured: 0.4251, met: true },
      'reduce-fast': { measure: 'GB/s over copy', target: 0.85, measured: 0.5, met: false },
    },
    seconds: 1,
  };

  it('prints one aligned line per kernel with its roof and the fraction reached', () => {
    const lines = formatBenchTable(report);
    expect(lines[0]).toMatch(/^kernel\s+size\s+rate\s+roof\s+of roof\s+verified$/);
    expect(lines[1]).toMatch(
      /^copy\s+1,024 elements\s+2,940 GB\/s\s+copy kernel GB\/s\s+100\.0 %\s+yes$/,
    );
    expect(lines[2]).toMatch(
      /^matmul-blocked\s+4096 x 4096 x 4096\s+25,000 GFLOP\/s\s+FMA kernel GFLOP\/s\s+42\.5 %\s+NO$/,
    );
    expect(lines[1]!.indexOf('GB/s')).toBeGreaterThan(0);
    expect(lines[1]!.indexOf('copy kernel')).toBe(lines[2]!.indexOf('FMA kernel'));
  });

  it('states each target, whether it was met, and that a software adapter is not what it is for', () => {
    const lines = formatBenchTable(report);
    expect(lines.at(-2)).toBe(
      'target matmul-blocked: FLOP/s over FMA 42.5 % against 40.0 % (met; a software adapter, ' +
        'the target is for a hardware GPU)',
    );
    expect(lines.at(-1)).toMatch(/reduce-fast: GB\/s over copy 50\.0 % against 85\.0 % \(not met;/);
    const hardware = { ...report, adapter: { ...report.adapter, isFallback: false } };
    expect(formatBenchTable(hardware).at(-1)).toBe(
      'target reduce-fast: GB/s over copy 50.0 % against 85.0 % (not met)',
    );
  });
});
