import { describe, expect, it } from 'vitest';
import { getGpu } from '../../catalog/hardware';
import { precisionPlan } from './precision';

describe('network precisions', () => {
  it('runs products in TF32 or 16 bits, and keeps 16-bit activations only under AMP', () => {
    const a100 = getGpu('a100-sxm-80gb');
    expect(precisionPlan(a100, 'fp32')).toMatchObject({ matmul: 'fp32', activationBytes: 4 });
    expect(precisionPlan(a100, 'tf32')).toMatchObject({ matmul: 'tf32', activationBytes: 4 });
    expect(precisionPlan(a100, 'amp-bf16')).toMatchObject({
      matmul: 'bf16',
      activationBytes: 2,
      // Each step reads the fp32 weight (4) and writes its 16-bit copy (2).
      weightCastBytes: 6,
      lossScaling: false,
    });
    expect(precisionPlan(a100, 'amp-fp16').lossScaling).toBe(true);
  });

  it('refuses TF32 and bf16 on a GPU without them, saying what to use instead', () => {
    const rtx = getGpu('gtx-1650');
    expect(() => precisionPlan(rtx, 'tf32')).toThrow(/no TF32 tensor cores .* use fp32/);
    expect(() => precisionPlan(rtx, 'amp-bf16')).toThrow(/no bf16 tensor cores.*: use fp32/);
    expect(() => precisionPlan(getGpu('a100-sxm-80gb'), 'fp64')).toThrow(
      /precision must be one of fp32, tf32, amp-fp16, amp-bf16; got "fp64"/,
    );
  });
});
