import { describe, expect, it } from 'vitest';
import { elementwiseDescriptor } from '../../../engine';
import { reluCpu, reluPlan } from './relu';

describe('ReLU kernel', () => {
  it('is the engine elementwise kernel with one operation per element', () => {
    const plan = reluPlan(1 << 20);
    const engine = elementwiseDescriptor(1 << 20, 'fp32', 1);
    expect(plan.descriptor).toMatchObject({
      kind: 'elementwise',
      bytesRead: engine.bytesRead,
      bytesWritten: engine.bytesWritten,
      flops: 1 << 20,
      blocks: 1024,
    });
  });

  it('keeps positives and zeroes the rest', () => {
    expect([...reluCpu(new Float32Array([-1.5, 0, 2.25, -0.0625]))]).toEqual([0, 0, 2.25, 0]);
  });
});
