import { describe, it, expect } from 'vitest';
import { figuresIn } from './figure';
import { matmulDescriptor } from '../models/descriptor';
import { getGpu, tensorPrecisionsOf } from './hardware';
import { chooseUnit, predictKernel } from '../models/kernel';

const figures = figuresIn;

describe('V100 and T4 in the catalog', () => {
  it('carries the datasheet rows of the course', () => {
    const v100 = getGpu('v100-sxm2-16gb');
    expect([v100.sms.value, v100.fp32Cores.value, v100.tensorCores.value]).toEqual([80, 5120, 640]);
    expect(v100.peakFlopsPerSecond['cuda-core'].fp32.value).toBe(15.7e12);
    expect(v100.peakFlopsPerSecond['tensor-core']).toEqual({
      fp16: expect.objectContaining({ value: 125e12 }) as unknown,
    });
    expect(v100.memoryBytes.value).toBe(16 * 2 ** 30);
    expect(v100.memoryBytesPerSecond.value).toBe(900e9);
    expect(v100.l2Bytes?.value).toBe(6 * 2 ** 20);
    expect(v100.hostLink).toBe('pcie3');

    const t4 = getGpu('t4');
    expect([t4.sms.value, t4.fp32Cores.value, t4.tensorCores.value]).toEqual([40, 2560, 320]);
    expect(t4.peakFlopsPerSecond['cuda-core'].fp32.value).toBe(8.1e12);
    expect(Object.keys(t4.peakFlopsPerSecond['tensor-core'])).toEqual(['fp16']);
    expect(t4.peakFlopsPerSecond['tensor-core'].fp16?.value).toBe(65e12);
    expect(t4.memoryBytesPerSecond.value).toBe(320e9);
    expect(t4.l2Bytes?.value).toBe(4 * 2 ** 20);
    expect(t4.hostLink).toBe('pcie3');
  });

  it('gives every new figure a source, a kind and, for fractions, the derivation', () => {
    for (const id of ['v100-sxm2-16gb', 't4'] as const) {
      const all = figures(getGpu(id), id);
      expect(all.length).toBeGreaterThan(15);
      for (const [path, figure] of all) {
        expect(figure.source.length, path).toBeGreaterThan(10);
        expect(['vendor-peak', 'measured', 'estimate'], path).toContain(figure.kind);
        if (figure.unit === 'fraction') expect(figure.note, path).toBeTruthy();
      }
    }
  });

  it('derives the fractions from the measurements in their notes', () => {
    const v100 = getGpu('v100-sxm2-16gb').achievable;
    expect(v100.memory.value).toBeCloseTo(810.02 / 900, 12);
    expect(v100.cudaCoreArithmetic.value).toBeCloseTo(15.5 / 15.7, 12);
    expect(v100.tensorMatmul.fp16?.value).toBeCloseTo(101 / 112, 12);
    expect(v100.tensorMatmul.fp16?.kind).toBe('estimate');
    const t4 = getGpu('t4').achievable;
    expect(t4.memory.value).toBeCloseTo(239.6 / 320, 12);
    // (41.91 + 42.71) / 2 = 42.31 TFLOP/s of 65: the 70 W cap shows.
    expect(t4.tensorMatmul.fp16?.value).toBeCloseTo(42.31 / 65, 12);
    // (4.17 + 4.43) / 2 = 4.30 of 8.1.
    expect(t4.cudaCoreMatmul.value).toBeCloseTo(4.3 / 8.1, 12);
    // 0.95 x (4.30 / 8.1) / (9.23 / 10.07) = 0.95 x 0.5309 / 0.9166 = 0.5502.
    expect(t4.cudaCoreArithmetic.value).toBeCloseTo(0.5502, 3);
    expect(t4.cudaCoreArithmetic.kind).toBe('estimate');
  });
});

describe('GPUs with fp16-only tensor cores', () => {
  it('lists the tensor precisions each GPU has', () => {
    expect(tensorPrecisionsOf(getGpu('v100-sxm2-16gb'))).toEqual(['fp16']);
    expect(tensorPrecisionsOf(getGpu('t4'))).toEqual(['fp16']);
    expect(tensorPrecisionsOf(getGpu('a100-sxm-80gb'))).toEqual(['fp16', 'tf32', 'bf16']);
    expect(tensorPrecisionsOf(getGpu('h100-sxm'))).toEqual(['fp16', 'tf32', 'bf16', 'fp8']);
    expect(tensorPrecisionsOf(getGpu('gtx-1650'))).toEqual([]);
  });

  it('runs an fp16 matmul on tensor cores and bf16/tf32 on the FP32 lanes', () => {
    const v100 = getGpu('v100-sxm2-16gb');
    expect(chooseUnit(v100, 'matmul', 'fp16').unit).toBe('tensor-core');
    for (const precision of ['bf16', 'tf32'] as const) {
      const choice = chooseUnit(v100, 'matmul', precision);
      expect(choice.unit, precision).toBe('cuda-core');
      expect(choice.peakFlopsPerSecond.value, precision).toBe(15.7e12);
    }
    expect(() => chooseUnit(getGpu('t4'), 'matmul', 'fp8')).toThrow(/no fp8 tensor cores/);
  });

  it('makes bf16 about eight times slower than fp16 on a V100', () => {
    // fp16: 125 x 101/112 = 112.7 TFLOP/s; bf16 falls to SGEMM: 15.7 x 13.55/16.4 = 12.97.
    const fp16 = predictKernel('v100-sxm2-16gb', matmulDescriptor(8192, 8192, 8192, 'fp16'));
    const bf16 = predictKernel('v100-sxm2-16gb', matmulDescriptor(8192, 8192, 8192, 'bf16'));
    expect(fp16.flopsPerSecond).toBeCloseTo((125e12 * 101) / 112, -6);
    expect(bf16.flopsPerSecond).toBeCloseTo((15.7e12 * 13.55) / 16.4, -6);
    expect(bf16.seconds / fp16.seconds).toBeGreaterThan(8);
    expect(bf16.seconds / fp16.seconds).toBeLessThan(9);
  });
});
