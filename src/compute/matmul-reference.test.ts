import { describe, expect, it } from 'vitest';
import { matmulDescriptor } from '../engine/models';
import {
  matmulCpu,
  matmulCpuAt,
  matmulFlops,
  matmulTolerance,
  validateMatmulShape,
} from './matmul-reference';
import { matmulPlanFor } from '../gpu/matmul-plan';
import { gammaF32 } from './verify-f32';

describe('matmul shapes', () => {
  it('computes a known 2 x 3 by 3 x 2 product', () => {
    const a = new Float32Array([1, 2, 3, 4, 5, 6]);
    const b = new Float32Array([7, 8, 9, 10, 11, 12]);
    expect([...matmulCpu(a, b, { m: 2, n: 2, k: 3 })]).toEqual([58, 64, 139, 154]);
    expect(matmulCpuAt(a, b, { m: 2, n: 2, k: 3 }, 1, 0)).toEqual({ value: 139, absSum: 139 });
  });

  it('allows gamma_(k+1) times the magnitudes of the products', () => {
    expect(matmulTolerance(16, 10)).toBeCloseTo(gammaF32(17) * 10, 18);
    expect(matmulFlops({ m: 2, n: 3, k: 4 })).toBe(48);
  });

  it('plans edge x edge workgroups over C, with the engine bytes and FLOPs', () => {
    const plan = matmulPlanFor('naive matmul', { m: 33, n: 17, k: 5 }, 16, 65_535);
    expect(plan.dispatches).toEqual([[2, 3, 1]]);
    expect(plan.workgroupSize).toEqual([16, 16, 1]);
    const engine = matmulDescriptor(33, 17, 5, 'fp32');
    expect(plan.descriptor).toMatchObject({
      bytesRead: engine.bytesRead,
      bytesWritten: engine.bytesWritten,
      flops: engine.flops,
      threadsPerBlock: 256,
      blocks: 6,
    });
    expect(plan.descriptor.blocksPerSm).toBeUndefined();
  });

  it('refuses shapes that are not positive integers or do not fit a grid', () => {
    expect(() => validateMatmulShape({ m: 0, n: 1, k: 1 })).toThrow(RangeError);
    expect(() => matmulPlanFor('x', { m: 1, n: 16 * 9, k: 1 }, 16, 8)).toThrow(RangeError);
  });
});
