import { describe, expect, it } from 'vitest';
import { predictKernel } from '../../engine/models';
import { planKernel } from '../../gpu';

const reluDescriptor = (elements: number, block: number) =>
  planKernel('relu', { elements, workgroupSize: block }).descriptor;
import { explorerHardware } from './hardware';
import { modelElementwise } from './model-time';

describe('modelElementwise', () => {
  it('is the engine’s predictKernel for a catalog GPU', () => {
    const hw = explorerHardware('a100-sxm-80gb');
    const model = modelElementwise(hw, 524_288, 64);
    expect(model).toEqual(predictKernel('a100-sxm-80gb', reluDescriptor(524_288, 64)));
    // 4 MiB read + written at 2,039 GB/s x 0.753, plus a 5 us launch.
    expect(model.memorySeconds).toBeCloseTo((2 * 2_097_152) / (2039e9 * 0.7533), 8);
    expect(model.seconds).toBeCloseTo(5e-6 + model.memorySeconds, 10);
    expect(model.bound).toBe('overhead');
  });

  it('is memory bound once the tensor is large', () => {
    const model = modelElementwise(explorerHardware('h100-sxm'), 16_777_216, 256);
    expect(model.bound).toBe('memory');
    expect(model.memorySeconds).toBeGreaterThan(10 * model.computeSeconds);
  });

  it('uses the hand-set counts: fewer SMs slow compute, not memory', () => {
    const full = modelElementwise(explorerHardware('a100-sxm-80gb'), 16_777_216, 256);
    const small = modelElementwise(explorerHardware('a100-sxm-80gb', 4, 64), 16_777_216, 256);
    expect(small.memorySeconds).toBeCloseTo(full.memorySeconds, 12);
    expect(small.computeSeconds).toBeGreaterThan(20 * full.computeSeconds);
    // 65,536 blocks of 256 threads, 8 per SM (2,048 threads): 864 per wave on 108 SMs, 32 on 4.
    expect(full.waves).toBe(Math.ceil(65_536 / 864));
    expect(small.waves).toBe(65_536 / 32);
  });
});
