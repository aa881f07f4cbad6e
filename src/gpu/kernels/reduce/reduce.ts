/**
 * The sum-reduction kernel: its passes, its plan (launch and work, shared with the cost engine)
 * and its error bound; the shape of a pass, the plan of a run of passes and the CPU reference
 * are the sum kernels' shared ones (jobs/sum-passes.ts). The WGSL twin is reduce.wgsl; this
 * file imports no WGSL.
 */
import {
  DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
  gridForWorkgroups,
  type KernelPlan,
} from '../../kernel-plan';
import { gammaF32 } from '../../../compute/verify-f32';
import { requireInteger } from '../../../compute/require-integer';
import { sumPlan, type ReducePass } from '../../jobs/sum-passes';

/** Invocations per workgroup (the `WORKGROUP_SIZE` override); a power of two. */
export const REDUCE_WORKGROUP_SIZE = 256;

/** Inputs each invocation adds on its own before the workgroup combines them. */
export const REDUCE_ITEMS_PER_INVOCATION = 16;

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

/** This kernel's plan for summing `elements` f32 values (`sumPlan` of its passes). */
export function reducePlan(
  elements: number,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  const passes = reducePasses(elements, maxWorkgroupsPerDimension);
  return sumPlan('sum', elements, passes, REDUCE_WORKGROUP_SIZE);
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
