/**
 * The sum-reduction kernel: its passes, its plan (launch and work, shared with the cost engine),
 * its CPU reference and its error bound, and what the fast sum (reduce-fast.ts) shares with it:
 * the shape of a pass, the plan of a run of passes and the reference. The WGSL twin is
 * reduce.wgsl; this file imports no WGSL.
 */
import { reductionDescriptor } from '../../../engine/models';
import {
  DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
  gridForWorkgroups,
  type Grid3,
  type KernelPlan,
} from '../../kernel-plan';
import { gammaF32 } from '../../../compute/verify-f32';
import { requireInteger } from '../../../compute/require-integer';
import { defineLabCard } from '../../lab/lab-facet';
import { streamPlanning } from '../../lab/stream-limits';

/** Invocations per workgroup (the `WORKGROUP_SIZE` override); a power of two. */
export const REDUCE_WORKGROUP_SIZE = 256;

/** Inputs each invocation adds on its own before the workgroup combines them. */
export const REDUCE_ITEMS_PER_INVOCATION = 16;

/** One pass of a sum (this kernel's or the fast one's). */
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

/** The passes that reduce `elements` f32 values to one; the last pass writes one value. */
export function reducePasses(
  elements: number,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): ReducePass[] {
  requireInteger('elements', elements, 1);
  const span = REDUCE_WORKGROUP_SIZE * REDUCE_ITEMS_PER_INVOCATION;
  const passes: ReducePass[] = [];
  let entry: ReducePass['entry'] = 'vec4';
  let count = Math.ceil(elements / 4);
  for (;;) {
    const workgroups = Math.ceil(count / span);
    passes.push({
      entry,
      count,
      workgroups,
      grid: gridForWorkgroups(workgroups, maxWorkgroupsPerDimension),
    });
    if (workgroups === 1) return passes;
    entry = 'f32';
    count = workgroups;
  }
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

/** This kernel's plan for summing `elements` f32 values (`sumPlan` of its passes). */
export function reducePlan(
  elements: number,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  const passes = reducePasses(elements, maxWorkgroupsPerDimension);
  return sumPlan('sum', elements, passes, REDUCE_WORKGROUP_SIZE);
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

/**
 * The most roundings any input meets on its way to the final sum: in each pass, up to
 * ITEMS_PER_INVOCATION - 1 additions in its lane (plus 2 to fold a vec4's four components in the
 * first pass) and log2(WORKGROUP_SIZE) in the workgroup tree, and 1 more per pass to be safe.
 */
export function reduceRoundingDepth(elements: number): number {
  const treeDepth = Math.log2(REDUCE_WORKGROUP_SIZE);
  return reducePasses(elements).reduce(
    (depth, pass) =>
      depth + REDUCE_ITEMS_PER_INVOCATION + treeDepth + (pass.entry === 'vec4' ? 2 : 0),
    0,
  );
}

/**
 * Largest error allowed in the GPU's f32 sum: gamma_d · Σ|x| for rounding depth d (Higham's
 * bound for any summation order in which every term meets at most d roundings; the GPU adds in
 * a different order from the CPU, so bit-exact agreement cannot be asked for in general). For
 * 2^24 inputs (two passes) d is 26 + 24 = 50, about 3e-6 of Σ|x|.
 */
export function reduceTolerance(elements: number, absSum: number): number {
  return gammaF32(reduceRoundingDepth(elements)) * absSum;
}

/** The sum in the kernel lab (its record, index.ts, adds its WGSL and its job). */
export const REDUCE_CARD = defineLabCard({
  name: 'reduce',
  label: 'Sum reduction',
  summary: 'Adds every element into one number in a tree of passes: one add per 4 bytes read.',
  lab: streamPlanning((elements, layout) => reducePlan(elements, layout.maxWorkgroupsPerDimension)),
});
