import { describe, expect, it } from 'vitest';
import { getGpu } from '../../catalog/hardware';
import { achievableMemoryBytesPerSecond } from '../kernel';
import { layerCost } from './layer-fixture';
import { backwardTime, forwardTime, KERNEL_GAP_SECONDS } from './layer-time';
import { precisionPlan } from './precision';

const a100 = getGpu('a100-sxm-80gb');
const fp32 = precisionPlan(a100, 'fp32');
const amp = precisionPlan(a100, 'amp-fp16');

describe('one layer’s passes', () => {
  it('casts each matmul weight to 16 bits under AMP: one more kernel, 6 bytes per weight', () => {
    const linear = layerCost({ matmul: true, params: 1e6, weightElements: 1e6 });
    const plain = forwardTime(a100, fp32, linear, 1, true);
    const cast = forwardTime(a100, amp, linear, 1, true);
    expect(plain.bytes).toBe(4e6);
    // The 16-bit copy is read (2 B) and the cast reads 4 and writes 2.
    expect(cast.bytes).toBe(2e6 + 6e6);
    expect(cast.kernels).toBe(plain.kernels + 1);
  });

  it('normalises with running statistics at inference: two passes over the data instead of three', () => {
    const bn = layerCost({ type: 'batchnorm2d', forwardIoElements: 3e6 });
    expect(forwardTime(a100, fp32, bn, 1, true).bytes).toBe(12e6);
    expect(forwardTime(a100, fp32, bn, 1, false).bytes).toBe(8e6);
    const memorySeconds = 8e6 / achievableMemoryBytesPerSecond(a100);
    expect(forwardTime(a100, fp32, bn, 1, false).seconds).toBeCloseTo(
      memorySeconds + KERNEL_GAP_SECONDS.value,
      12,
    );
  });

  it('re-reads a recurrent layer’s weights at every time step, both passes', () => {
    const lstm = layerCost({
      type: 'lstm',
      matmul: true,
      params: 1000,
      weightElements: 1000,
      serialSteps: 50,
    });
    expect(forwardTime(a100, fp32, lstm, 1, true).bytes).toBe(50 * 1000 * 4);
    // Backward reads the weights per step and writes the fp32 gradient once.
    expect(backwardTime(a100, fp32, lstm, 1).bytes).toBe(50 * 1000 * 4 + 1000 * 4);
  });

  it('accumulates AMP’s 16-bit gradient into the fp32 one', () => {
    const linear = layerCost({ matmul: true, params: 1e6, weightElements: 1e6 });
    // Read the 16-bit weights (2), write a 16-bit gradient (2), add it into fp32 (4).
    expect(backwardTime(a100, amp, linear, 1).bytes).toBe(2e6 + 1e6 * (2 + 2 + 4));
    expect(backwardTime(a100, amp, linear, 1).kernels).toBe(2);
  });
});
