import { describe, expect, it } from 'vitest';
import { predictKernel, validateDescriptor } from '../../../engine/models';
import { matmulCpu } from '../../../compute/matmul-reference';
import {
  BATCHED_MATMUL_MAX_OUTPUTS,
  batchedMatmulAt,
  batchedMatmulCpu,
  batchedMatmulPlan,
  batchedMatmulTolerance,
} from './batched-matmul';

describe('batched matmul kernel', () => {
  it('counts 2·batch·m·n·k FLOPs and reads A and B once', () => {
    const plan = batchedMatmulPlan({ batch: 2, m: 3, k: 4, n: 5 });
    expect(plan.descriptor).toMatchObject({
      kind: 'matmul',
      flops: 2 * 2 * 3 * 4 * 5,
      bytesRead: 4 * 2 * (3 * 4 + 4 * 5),
      bytesWritten: 4 * 2 * 3 * 5,
      blocks: 1,
    });
    expect(() => validateDescriptor(plan.descriptor)).not.toThrow();
    // 240 FLOPs and 376 bytes: the launch is all the engine sees.
    const predicted = predictKernel('h100-sxm', plan.descriptor);
    expect(predicted.bound).toBe('overhead');
    expect(predicted.seconds).toBeGreaterThanOrEqual(predicted.launchSeconds);
    expect(predicted.seconds).toBeLessThan(1.01 * predicted.launchSeconds);
    expect(() => batchedMatmulPlan({ batch: 1, m: 0, k: 1, n: 1 })).toThrow(RangeError);
    expect(() =>
      batchedMatmulPlan({ batch: 1, m: BATCHED_MATMUL_MAX_OUTPUTS + 1, k: 1, n: 1 }),
    ).toThrow(/at most/);
  });

  it('equals one matmul per batch entry, each on its own slice', () => {
    const dims = { batch: 2, m: 2, k: 3, n: 2 };
    const a = Float32Array.from({ length: 12 }, (_, i) => i - 5);
    const b = Float32Array.from({ length: 12 }, (_, i) => (i % 5) - 2);
    const out = batchedMatmulCpu(a, b, dims);
    const shape = { m: 2, n: 2, k: 3 };
    expect([...out.slice(0, 4)]).toEqual([...matmulCpu(a.slice(0, 6), b.slice(0, 6), shape)]);
    expect([...out.slice(4)]).toEqual([...matmulCpu(a.slice(6), b.slice(6), shape)]);
    expect(batchedMatmulAt(a, b, dims, 5).absSum).toBeGreaterThan(Math.abs(out[5]!));
  });

  it('bounds the error by the dot product’s length and magnitude', () => {
    expect(batchedMatmulTolerance(3, 0)).toBe(0);
    expect(batchedMatmulTolerance(100, 1)).toBeGreaterThan(batchedMatmulTolerance(10, 1));
  });
});
