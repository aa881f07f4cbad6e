import { describe, it, expect } from 'vitest';
import {
  copyDescriptor,
  elementwiseDescriptor,
  matmulDescriptor,
  type KernelDescriptor,
} from './descriptor';
import { getGpu } from '../catalog/hardware';
import {
  attainableFlopsPerSecond,
  chooseUnit,
  predictKernel,
  predictKernelOn,
  ridgeIntensity,
} from './kernel';

const GIB = 2 ** 30;

describe('predictKernel (roofline)', () => {
  it('adds launch overhead to the larger of memory and compute time', () => {
    const p = predictKernel('a100-sxm-40gb', elementwiseDescriptor(2 ** 28, 'fp32', 1));
    const gpu = getGpu('a100-sxm-40gb');
    const bandwidth = gpu.memoryBytesPerSecond.value * gpu.achievable.memory.value;
    expect(p.memorySeconds).toBeCloseTo((2 * 4 * 2 ** 28) / bandwidth, 12);
    expect(p.computeSeconds).toBeLessThan(p.memorySeconds);
    expect(p.seconds).toBeCloseTo(p.launchSeconds + p.memorySeconds, 12);
    expect(p).toMatchObject({
      bound: 'memory',
      unit: 'cuda-core',
      waveUtilization: 1,
      waves: null,
    });
    expect(p.arithmeticIntensity).toBeCloseTo(1 / 8, 12);
  });

  it('is compute bound for a big matmul and uses tensor cores for fp16/bf16/tf32/fp8', () => {
    for (const dtype of ['fp16', 'bf16', 'tf32', 'fp8'] as const) {
      const p = predictKernel('h100-sxm', matmulDescriptor(8192, 8192, 8192, dtype));
      expect(p.unit, dtype).toBe('tensor-core');
      expect(p.bound, dtype).toBe('compute');
      expect(p.seconds, dtype).toBeCloseTo(p.launchSeconds + p.computeSeconds, 12);
    }
    expect(predictKernel('h100-sxm', matmulDescriptor(8192, 8192, 8192, 'fp32')).unit).toBe(
      'cuda-core',
    );
  });

  it('runs elementwise work on CUDA cores whatever the precision', () => {
    expect(predictKernel('h100-sxm', elementwiseDescriptor(1e6, 'fp16', 1)).unit).toBe('cuda-core');
  });

  it('orders precisions as the hardware does: fp8 < bf16 < tf32 < fp32 time', () => {
    const t = (dtype: 'fp8' | 'bf16' | 'tf32' | 'fp32') =>
      predictKernel('h100-sxm', matmulDescriptor(8192, 8192, 8192, dtype)).seconds;
    expect(t('fp8')).toBeLessThan(t('bf16'));
    expect(t('bf16')).toBeLessThan(t('tf32'));
    expect(t('tf32')).toBeLessThan(t('fp32'));
  });

  it('lands below the datasheet: achieved FLOP/s are under the vendor peak on datacenter GPUs', () => {
    const p = predictKernel('a100-sxm-80gb', matmulDescriptor(8192, 8192, 8192, 'bf16'));
    const achieved = (2 * 8192 ** 3) / p.seconds;
    expect(achieved).toBeLessThan(312e12 * 0.9);
    expect(achieved).toBeGreaterThan(312e12 * 0.8);
  });

  it('stretches compute by the wave tail when the grid does not fill the GPU', () => {
    const small = predictKernel('h100-sxm', matmulDescriptor(1024, 1024, 1024, 'bf16'));
    expect(small.waves).toBe(1);
    expect(small.waveUtilization).toBeCloseTo(64 / 132, 12);
    const gpu = getGpu('h100-sxm');
    const rate =
      gpu.peakFlopsPerSecond['tensor-core'].bf16!.value * gpu.achievable.tensorMatmul.bf16!.value;
    expect(small.computeSeconds).toBeCloseTo((2 * 1024 ** 3) / rate / (64 / 132), 15);
  });

  it('is overhead bound for tiny kernels', () => {
    const p = predictKernel('rtx-4090', copyDescriptor(1024));
    expect(p.bound).toBe('overhead');
    expect(p.seconds).toBeCloseTo(5e-6, 8);
  });

  it('falls back to FP32 lanes without tensor cores, and refuses fp8 there', () => {
    expect(chooseUnit(getGpu('gtx-1650'), 'matmul', 'fp16').unit).toBe('cuda-core');
    expect(chooseUnit(getGpu('apple-m2'), 'matmul', 'tf32').unit).toBe('cuda-core');
    expect(() => predictKernel('gtx-1650', matmulDescriptor(64, 64, 64, 'fp8'))).toThrow(
      /gtx-1650.*fp8/,
    );
    expect(() => predictKernel('a100-sxm-40gb', matmulDescriptor(64, 64, 64, 'fp8'))).toThrow(
      /a100-sxm-40gb.*fp8/,
    );
  });

  it('rejects work that does not fit in device memory', () => {
    expect(() => predictKernel('rtx-3080', copyDescriptor(6 * GIB))).toThrow(/rtx-3080/);
    expect(() => predictKernel('gtx-1650', matmulDescriptor(32768, 32768, 32768, 'fp32'))).toThrow(
      /device memory/,
    );
  });

  it('rejects unknown GPUs and bad descriptors by name', () => {
    const bad: KernelDescriptor = {
      name: 'x',
      kind: 'copy',
      precision: 'fp32',
      bytesRead: -1,
      bytesWritten: 0,
      flops: 0,
    };
    expect(() => predictKernel('tpu-v5', copyDescriptor(1))).toThrow(/"tpu-v5"/);
    expect(() => predictKernel('h100-sxm', bad)).toThrow(/bytesRead/);
    expect(() => predictKernel('h100-sxm', { ...bad, bytesRead: 0, flops: NaN })).toThrow(
      /flops.*NaN/,
    );
  });

  it('never returns NaN or Infinity for valid extremes', () => {
    const p = predictKernel('h200-sxm', copyDescriptor(0));
    expect(
      Object.values(p)
        .filter((v) => typeof v === 'number')
        .every(Number.isFinite),
    ).toBe(true);
    expect(p.arithmeticIntensity).toBeNull();
  });

  it('draws the roofline: bandwidth slope below the ridge, flat ceiling above', () => {
    const ridge = ridgeIntensity('a100-sxm-40gb', 'matmul', 'bf16');
    const ceiling = attainableFlopsPerSecond('a100-sxm-40gb', 'matmul', 'bf16', ridge * 10);
    expect(attainableFlopsPerSecond('a100-sxm-40gb', 'matmul', 'bf16', ridge / 2)).toBeCloseTo(
      ceiling / 2,
      0,
    );
    expect(attainableFlopsPerSecond('a100-sxm-40gb', 'matmul', 'bf16', ridge * 2)).toBe(ceiling);
    expect(() => attainableFlopsPerSecond('a100-sxm-40gb', 'matmul', 'bf16', -1)).toThrow(
      /intensity/,
    );
  });
});

describe('predictKernelOn', () => {
  it('gives a catalog GPU spec the same prediction as its id', () => {
    const d = {
      name: 'k',
      kind: 'elementwise',
      precision: 'fp32',
      bytesRead: 4e6,
      bytesWritten: 4e6,
      flops: 1e6,
      threadsPerBlock: 256,
      blocks: 4000,
    } as const;
    expect(predictKernelOn(getGpu('h100-sxm'), d)).toEqual(predictKernel('h100-sxm', d));
  });

  it("schedules waves over the spec's own SM count", () => {
    const gpu = getGpu('a100-sxm-80gb');
    const fewer = { ...gpu, sms: { ...gpu.sms, value: 10 } };
    const d = {
      name: 'k',
      kind: 'elementwise',
      precision: 'fp32',
      bytesRead: 4,
      bytesWritten: 4,
      flops: 1,
      threadsPerBlock: 1024,
      blocks: 1000,
    } as const;
    // 1,024-thread blocks, 2,048 threads per SM: 2 blocks per SM. 1,000 blocks take
    // ceil(1000 / 20) = 50 waves on 10 SMs, ceil(1000 / 216) = 5 on the A100's 108.
    expect(predictKernelOn(fewer, d).waves).toBe(50);
    expect(predictKernel('a100-sxm-80gb', d).waves).toBe(5);
  });
});
