import { describe, expect, it } from 'vitest';
import { matmulNaivePlan } from '../matmul-naive/matmul-naive';
import { MATMUL_TILED_WORKGROUP_BYTES, matmulTiledPlan } from './matmul-tiled';

describe('tiled matmul plan', () => {
  it('does the same work as the naive kernel: tiling changes re-reads, not the work', () => {
    const shape = { m: 33, n: 47, k: 31 };
    const tiled = matmulTiledPlan(shape);
    const naive = matmulNaivePlan(shape);
    expect(tiled.descriptor.flops).toBe(naive.descriptor.flops);
    expect(tiled.descriptor.bytesRead).toBe(naive.descriptor.bytesRead);
    expect(tiled.dispatches).toEqual(naive.dispatches);
  });

  it('fits the smallest workgroup memory WebGPU guarantees (16 KiB)', () => {
    expect(MATMUL_TILED_WORKGROUP_BYTES).toBe(2048);
    expect(MATMUL_TILED_WORKGROUP_BYTES).toBeLessThanOrEqual(16 * 1024);
  });
});
