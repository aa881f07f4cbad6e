import { describe, expect, it } from 'vitest';
import { predictKernel } from '../../../engine/models';
import { matmulNaivePlan } from './matmul-naive';

describe('naive matmul plan', () => {
  it('covers a non-square C with 16 x 16 workgroups', () => {
    const plan = matmulNaivePlan({ m: 100, n: 17, k: 3 });
    expect(plan.dispatches).toEqual([[2, 7, 1]]);
    expect(plan.descriptor.flops).toBe(2 * 100 * 17 * 3);
    expect(plan.descriptor.name).toBe('naive matmul 100x17x3 fp32');
  });

  it('is predicted by the engine on FP32 lanes', () => {
    const p = predictKernel(
      'a100-sxm-80gb',
      matmulNaivePlan({ m: 4096, n: 4096, k: 4096 }).descriptor,
    );
    expect(p.unit).toBe('cuda-core');
    expect(p.bound).toBe('compute');
  });
});
