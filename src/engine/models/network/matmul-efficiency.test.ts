import { describe, expect, it } from 'vitest';
import { getGpu } from '../../catalog/hardware';
import { chooseUnit } from '../kernel';
import { networkMatmulFlopsPerSecond } from './matmul-efficiency';

const a100 = getGpu('a100-sxm-80gb');
const T = 1e12;

describe('matrix products inside a network', () => {
  it('runs a transformer’s products at 0.6 of the tensor-core peak, both passes', () => {
    expect(networkMatmulFlopsPerSecond(a100, 'gemm', 'forward', 'bf16') / T).toBeCloseTo(
      0.6 * 312,
      9,
    );
    expect(networkMatmulFlopsPerSecond(a100, 'gemm', 'backward', 'fp16') / T).toBeCloseTo(
      0.6 * 312,
      9,
    );
  });

  it('runs convolutions slower backward than forward, and TF32 ones at 0.6 of that', () => {
    expect(networkMatmulFlopsPerSecond(a100, 'convolution', 'forward', 'fp16') / T).toBeCloseTo(
      0.455 * 312,
      9,
    );
    expect(networkMatmulFlopsPerSecond(a100, 'convolution', 'backward', 'fp16') / T).toBeCloseTo(
      0.356 * 312,
      9,
    );
    expect(networkMatmulFlopsPerSecond(a100, 'convolution', 'forward', 'tf32') / T).toBeCloseTo(
      0.455 * 0.6 * 156,
      9,
    );
  });

  it('keeps the catalog’s SGEMM fraction for FP32 on CUDA cores', () => {
    const sgemm = chooseUnit(a100, 'matmul', 'fp32');
    expect(sgemm.unit).toBe('cuda-core');
    expect(networkMatmulFlopsPerSecond(a100, 'gemm', 'forward', 'fp32')).toBe(
      19.5 * T * sgemm.achievableFraction.value,
    );
    // The T4 has no bf16 tensor cores: a bf16 product there falls to its CUDA cores.
    const t4 = getGpu('t4');
    const fallback = chooseUnit(t4, 'matmul', 'bf16');
    expect(fallback.unit).toBe('cuda-core');
    expect(networkMatmulFlopsPerSecond(t4, 'gemm', 'forward', 'bf16')).toBe(
      fallback.peakFlopsPerSecond.value * fallback.achievableFraction.value,
    );
  });
});
