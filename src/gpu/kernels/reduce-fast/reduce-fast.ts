/**
 * The fast sum reduction: its passes, its plan (launch and work, shared with the cost engine),
 * which of its two WGSL versions a device gets, and its error bound. The CPU reference is the
 * sum kernels' shared one (`reduceCpu`, jobs/sum-passes.ts). The WGSL twins are
 * reduce-fast.wgsl (workgroup memory) and reduce-subgroups.wgsl (subgroup adds); this file
 * imports no WGSL.
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
export const REDUCE_FAST_WORKGROUP_SIZE = 256;

/** Independent loads each lane issues per trip of its loop (the WGSL `LOADS_IN_FLIGHT`). */
export const REDUCE_FAST_LOADS_IN_FLIGHT = 4;

/**
 * Most workgroups of the first pass, so that one workgroup can sum their partial sums in the
 * second. 1,024 x 256 lanes is about what a large GPU keeps resident at once (an H100 holds
 * 132 x 2,048 invocations), so every lane loops over many vec4s.
 */
export const REDUCE_FAST_MAX_WORKGROUPS = 1024;

/** How the lanes of a workgroup are combined: subgroup adds, or a tree in workgroup memory. */
export type ReduceFastVariant = 'subgroups' | 'workgroup';

/** Items one workgroup covers in a trip of its loop. */
const TRIP_ITEMS = REDUCE_FAST_WORKGROUP_SIZE * REDUCE_FAST_LOADS_IN_FLIGHT;

/**
 * The passes that sum `elements` f32 values: one when a workgroup suffices, otherwise a first
 * pass over the vec4s with one workgroup per 1,024 vec4s (at most REDUCE_FAST_MAX_WORKGROUPS)
 * and a second, single-workgroup pass over their partial sums. Throws a RangeError for
 * elements below 1.
 */
export function reduceFastPasses(
  elements: number,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): ReducePass[] {
  requireInteger('elements', elements, 1);
  const count = Math.ceil(elements / 4);
  const workgroups = Math.min(REDUCE_FAST_MAX_WORKGROUPS, Math.ceil(count / TRIP_ITEMS));
  const first: ReducePass = {
    entry: 'vec4',
    count,
    workgroups,
    grid: gridForWorkgroups(workgroups, maxWorkgroupsPerDimension),
  };
  if (workgroups === 1) return [first];
  return [first, { entry: 'f32', count: workgroups, workgroups: 1, grid: [1, 1, 1] }];
}

/**
 * Summing `elements` f32 values: the simple kernel's descriptor (each value read once, one
 * written) over this kernel's passes.
 */
export function reduceFastPlan(
  elements: number,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  const passes = reduceFastPasses(elements, maxWorkgroupsPerDimension);
  return sumPlan('fast sum', elements, passes, REDUCE_FAST_WORKGROUP_SIZE);
}

/** The version a device gets: subgroup adds when it has the `subgroups` feature. */
export function reduceFastVariantFor(features: { has(name: string): boolean }): ReduceFastVariant {
  return features.has('subgroups') ? 'subgroups' : 'workgroup';
}

/**
 * The most roundings any input meets on its way to the final sum. In each pass a lane adds its
 * ceil(count / lanes) items into four accumulators (fewer roundings than items) and adds the
 * accumulators (2 more; 2 more again to fold a vec4 in the first pass); then the workgroup
 * combines its lanes: log2(WORKGROUP_SIZE) levels of a tree, or, with subgroups, an order
 * WebGPU leaves to the hardware, so any order of WORKGROUP_SIZE values (size - 1 roundings).
 */
export function reduceFastRoundingDepth(elements: number, variant: ReduceFastVariant): number {
  const combine =
    variant === 'workgroup'
      ? Math.log2(REDUCE_FAST_WORKGROUP_SIZE)
      : REDUCE_FAST_WORKGROUP_SIZE - 1;
  return reduceFastPasses(elements).reduce((depth, pass) => {
    const perLane = Math.ceil(pass.count / (pass.workgroups * REDUCE_FAST_WORKGROUP_SIZE));
    return depth + perLane + 2 + (pass.entry === 'vec4' ? 2 : 0) + combine;
  }, 0);
}

/**
 * Largest error allowed in the GPU's f32 sum: gamma_d · Σ|x| for rounding depth d (Higham's
 * bound for any summation order in which every term meets at most d roundings).
 */
export function reduceFastTolerance(
  elements: number,
  absSum: number,
  variant: ReduceFastVariant,
): number {
  return gammaF32(reduceFastRoundingDepth(elements, variant)) * absSum;
}
