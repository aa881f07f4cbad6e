import { describe, expect, it } from 'vitest';
import { predictKernel, validateDescriptor } from '../../../engine';
import {
  elementwiseInput,
  elementwiseInputValue,
  explorerElementwiseDescriptor,
  MAX_ELEMENTWISE_ELEMENTS,
  reluCpu,
} from './explorer-elementwise';
import {
  allowedWorkgroupSize,
  checkElementwiseBuffers,
  median,
  repeatsFor,
  type ElementwiseLimits,
} from './runner';

const DEFAULT_LIMITS: ElementwiseLimits = {
  maxStorageBufferBindingSize: 134_217_728,
  maxBufferSize: 268_435_456,
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
  maxComputeWorkgroupsPerDimension: 65_535,
};

describe('elementwise input', () => {
  it('is exact in f32, in [-1, 1), never subnormal, and about half negative', () => {
    const input = elementwiseInput(100_000);
    let negatives = 0;
    const bad: number[] = [];
    for (let i = 0; i < input.length; i++) {
      const x = input[i]!;
      const exact = x === elementwiseInputValue(i);
      const inRange = x >= -1 && x < 1;
      const normal = x === 0 || Math.abs(x) >= 2 ** -23;
      if (!exact || !inRange || !normal) bad.push(i);
      if (x < 0) negatives++;
    }
    expect(bad).toEqual([]);
    expect(negatives / input.length).toBeGreaterThan(0.45);
    expect(negatives / input.length).toBeLessThan(0.55);
  });

  it('rejects impossible sizes', () => {
    expect(() => elementwiseInput(0)).toThrow(RangeError);
    expect(() => elementwiseInput(1.5)).toThrow(RangeError);
    expect(() => elementwiseInput(MAX_ELEMENTWISE_ELEMENTS + 1)).toThrow(/16777216/);
  });
});

describe('reluCpu', () => {
  it('keeps positives, zeroes the rest, and maps -0 and NaN to +0', () => {
    const out = reluCpu(new Float32Array([1.5, -2, 0, -0, Number.NaN, 3e-8, -Infinity, Infinity]));
    expect(Array.from(out)).toEqual([1.5, 0, 0, 0, 0, Math.fround(3e-8), 0, Infinity]);
    expect(Object.is(out[3], 0)).toBe(true);
    expect(Object.is(out[4], 0)).toBe(true);
  });
});

describe('explorerElementwiseDescriptor', () => {
  it('reads and writes 4 bytes per element in blocks of the workgroup size', () => {
    const descriptor = explorerElementwiseDescriptor(524_288, 64);
    expect(descriptor).toMatchObject({
      kind: 'elementwise',
      precision: 'fp32',
      bytesRead: 2_097_152,
      bytesWritten: 2_097_152,
      flops: 524_288,
      threadsPerBlock: 64,
      blocks: 8192,
    });
    expect(() => validateDescriptor(descriptor)).not.toThrow();
    expect(explorerElementwiseDescriptor(1000, 256).blocks).toBe(4);
  });

  it('is one the cost engine can predict, memory bound or launch bound', () => {
    const p = predictKernel('a100-sxm-80gb', explorerElementwiseDescriptor(524_288, 256));
    expect(p.unit).toBe('cuda-core');
    expect(p.waves).toBe(3);
    expect(p.memorySeconds).toBeGreaterThan(p.computeSeconds);
  });

  it('rejects a workgroup size WebGPU could never run', () => {
    expect(() => explorerElementwiseDescriptor(10, 0)).toThrow(RangeError);
    expect(() => explorerElementwiseDescriptor(10, 2048)).toThrow(RangeError);
  });
});

describe('runner arithmetic', () => {
  it('caps the workgroup size at the device limits', () => {
    expect(allowedWorkgroupSize(64, DEFAULT_LIMITS)).toBe(64);
    expect(allowedWorkgroupSize(1024, DEFAULT_LIMITS)).toBe(256);
  });

  it('refuses inputs larger than one bindable buffer, naming the sizes', () => {
    expect(checkElementwiseBuffers(1000, DEFAULT_LIMITS)).toBe(4000);
    const small = { ...DEFAULT_LIMITS, maxStorageBufferBindingSize: 1024 };
    expect(() => checkElementwiseBuffers(1000, small)).toThrow(/4,000 bytes.*1,024 bytes/);
  });

  it('picks enough repeats to fill a batch, within bounds', () => {
    expect(repeatsFor(0.001, 0.05, 200)).toBe(50);
    expect(repeatsFor(1, 0.05, 200)).toBe(1);
    expect(repeatsFor(1e-7, 0.05, 200)).toBe(200);
    expect(repeatsFor(0, 0.05, 200)).toBe(200);
  });

  it('takes the median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });
});
