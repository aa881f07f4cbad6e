/**
 * Test helper: what the sum kernels' plans must be, whatever their passes do inside: the cost
 * engine's fp32 reduction of the values, in the first pass's workgroups, finished by one more.
 */
import { expect } from 'vitest';
import { reductionDescriptor } from '../../engine/models';
import type { KernelPlan } from '../kernel-plan';

/**
 * Asserts that `plan` is the engine's reduction of `values` fp32 values (reading what the engine
 * reads, writing one word, one add per value) in `blocks` first-pass workgroups, and that it
 * runs as two dispatches: those workgroups, then one that sums their partial sums.
 */
export function expectTwoPassReduction(plan: KernelPlan, values: number, blocks: number): void {
  expect(plan.descriptor).toMatchObject({
    kind: 'reduction',
    bytesRead: reductionDescriptor(values, 'fp32').bytesRead,
    bytesWritten: 4,
    flops: values,
    blocks,
  });
  expect(plan.dispatches).toEqual([
    [blocks, 1, 1],
    [1, 1, 1],
  ]);
}
