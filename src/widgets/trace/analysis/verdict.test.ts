import { describe, expect, it } from 'vitest';
import { verdictOf, type VerdictInputs } from './verdict';
import { kernelClass } from './kernel-class';
import { largestGaps, unionOf, coveredUs } from './intervals';

const BASE: VerdictInputs = {
  gpuBusyShare: 0.3,
  kernelsPerStep: 1145,
  meanKernelUs: 14,
  cpuOpShare: 0.76,
  matmulShare: 0.4,
  dataLoaderShare: 0,
  hostToDeviceShare: 0,
  longestGapUs: 900,
};

describe('verdictOf', () => {
  it('calls a mostly idle GPU with many short kernels host bound', () => {
    const v = verdictOf(BASE, 2290);
    expect(v.kind).toBe('host');
    expect(v.evidence).toEqual([
      'GPU busy 30 % of the traced time',
      '1,145 kernels per step averaging 14 µs',
      'CPU ops run 76 % of the traced time',
      'longest idle gap 900 µs',
    ]);
  });

  it('blames data loading when DataLoader or input copies fill the idle time', () => {
    expect(verdictOf({ ...BASE, dataLoaderShare: 0.4 }, 10).kind).toBe('data-loading');
    expect(verdictOf({ ...BASE, hostToDeviceShare: 0.2 }, 10).kind).toBe('data-loading');
  });

  it('tells compute from memory on a busy GPU by its share of matrix math', () => {
    expect(verdictOf({ ...BASE, gpuBusyShare: 0.9, matmulShare: 0.7 }, 10).kind).toBe('compute');
    expect(verdictOf({ ...BASE, gpuBusyShare: 0.9, matmulShare: 0.2 }, 10).kind).toBe('memory');
  });

  it('says when there is no GPU work at all', () => {
    expect(verdictOf(BASE, 0).kind).toBe('no-gpu');
  });
});

describe('kernelClass', () => {
  it('knows GEMM, convolution and attention kernels from the rest', () => {
    expect(kernelClass('sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64')).toBe(
      'matmul',
    );
    expect(kernelClass('nvjet_tst_128x64_64x8_1x2_h_bz_coopA_TNN')).toBe('matmul');
    expect(kernelClass('cudnn::fusion::compute_dot_do_o')).toBe('matmul');
    expect(kernelClass('void at::native::vectorized_elementwise_kernel<4>')).toBe('memory');
    expect(kernelClass('void at::native::reduce_kernel<512, 1>')).toBe('memory');
  });
});

describe('intervals', () => {
  const u = unionOf([10, 0, 40, 15], [10, 5, 10, 2]);
  it('merges overlaps and measures cover and gaps inside a window', () => {
    expect([...u.startUs]).toEqual([0, 10, 40]);
    expect([...u.endUs]).toEqual([5, 20, 50]);
    expect(coveredUs(u, 0, 60)).toBe(25);
    expect(coveredUs(u, 12, 45)).toBe(13);
    expect(largestGaps(u, 0, 60, 2)).toEqual([
      { startUs: 20, durationUs: 20 },
      { startUs: 50, durationUs: 10 },
    ]);
  });
});
