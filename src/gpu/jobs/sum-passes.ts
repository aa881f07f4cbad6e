/**
 * What the sum kernels (`reduce`, `reduce-fast` and its subgroup version) share, pure: the shape
 * of a pass, the plan of a run of passes, and the CPU reference a sum is checked against. Each
 * kernel plans its own passes (kernels/reduce/, kernels/reduce-fast/); sum-job.ts runs them.
 */
import { reductionDescriptor } from '../../engine/models';
import type { Grid3, KernelPlan } from '../kernel-plan';

/** One pass of a sum. */
export interface ReducePass {
  /** `vec4` reads the original array as vec4s; `f32` reads the previous pass's partial sums. */
  entry: 'vec4' | 'f32';
  /** Items in the pass's input (vec4s or f32 values). */
  count: number;
  /** Workgroups that take part, each writing one partial sum. */
  workgroups: number;
  /** The workgroups as a dispatch grid (it may hold a few spare ones). */
  grid: Grid3;
}

/**
 * Summing `elements` f32 values in `passes` of workgroups of `workgroupSize`: reads each value
 * once and writes one (the cost engine's reduction; the partial sums between passes are a small
 * extra it does not count). Blocks are the first pass's workgroups; `title` starts the name.
 */
export function sumPlan(
  title: string,
  elements: number,
  passes: readonly ReducePass[],
  workgroupSize: number,
): KernelPlan {
  return {
    descriptor: {
      ...reductionDescriptor(elements, 'fp32'),
      name: `${title} of ${elements.toLocaleString('en-US')} x fp32`,
      threadsPerBlock: workgroupSize,
      blocks: passes[0]?.workgroups ?? 1,
    },
    workgroupSize: [workgroupSize, 1, 1],
    dispatches: passes.map((p) => p.grid),
  };
}

/**
 * The CPU reference: the sum in f64 (exact for the lab's inputs, multiples of 1/16 no larger
 * than 8, up to 2^46 of them) and the sum of magnitudes, which scales the error bound.
 */
export function reduceCpu(input: Float32Array): { sum: number; absSum: number } {
  let sum = 0;
  let absSum = 0;
  for (let i = 0; i < input.length; i++) {
    const x = input[i] as number;
    sum += x;
    absSum += Math.abs(x);
  }
  return { sum, absSum };
}
