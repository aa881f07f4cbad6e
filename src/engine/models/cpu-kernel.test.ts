import { describe, expect, it } from 'vitest';
import {
  CPU_ACHIEVABLE_FLOPS_SHARE,
  CPU_ACHIEVABLE_MEMORY_SHARE,
  predictCpuKernel,
} from './cpu-kernel';
import { elementwiseDescriptor, matmulDescriptor } from './descriptor';
import { getCpu } from '../catalog/hardware';

const cpu = getCpu('i9-14900k');
const overhead = cpu.threadPoolOverheadSeconds.value;

describe('predictCpuKernel', () => {
  it('streams an elementwise op at the achievable share of DRAM bandwidth, plus the pool wake-up', () => {
    const p = predictCpuKernel('i9-14900k', elementwiseDescriptor(1 << 24, 'fp32', 1));
    const rate = cpu.memoryBytesPerSecond.value * CPU_ACHIEVABLE_MEMORY_SHARE.value;
    expect(p.bound).toBe('memory');
    expect(p.memorySeconds).toBeCloseTo((8 * (1 << 24)) / rate, 12);
    expect(p.seconds).toBeCloseTo(p.memorySeconds + overhead, 12);
  });

  it('runs a large matmul at the sustained FP32 rate', () => {
    const p = predictCpuKernel('i9-14900k', matmulDescriptor(2048, 2048, 2048, 'fp32'));
    const rate = cpu.fp32FlopsPerSecond.value * CPU_ACHIEVABLE_FLOPS_SHARE.value;
    expect(p.bound).toBe('compute');
    expect(p.computeSeconds).toBeCloseTo((2 * 2048 ** 3) / rate, 12);
  });

  it('is overhead bound for tiny work', () => {
    const p = predictCpuKernel('i9-14900k', elementwiseDescriptor(16, 'fp32', 1));
    expect(p.bound).toBe('overhead');
    expect(p.seconds).toBeGreaterThan(overhead);
  });

  it('rejects an unknown CPU and a bad descriptor', () => {
    expect(() => predictCpuKernel('z80', elementwiseDescriptor(1, 'fp32', 1))).toThrow(/z80/);
    const bad = { ...elementwiseDescriptor(1, 'fp32', 1), flops: -1 };
    expect(() => predictCpuKernel('i9-14900k', bad)).toThrow(RangeError);
  });
});
