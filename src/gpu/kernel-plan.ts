/**
 * How a kernel is launched and what work it does. The same plan feeds the WebGPU runtime
 * (workgroup size, dispatches) and the cost engine (its `descriptor`: bytes moved, FLOPs and
 * launch geometry), so a measurement and a prediction always describe the same work.
 */
import type { KernelDescriptor } from '../engine/models';

/** Workgroups (or invocations) along x, y and z. */
export type Grid3 = readonly [x: number, y: number, z: number];

/** A kernel's launch and its work. */
export interface KernelPlan {
  /** The work as the cost engine sees it, with `threadsPerBlock` and `blocks` filled in. */
  descriptor: KernelDescriptor;
  /** Invocations per workgroup along x, y and z. */
  workgroupSize: Grid3;
  /** Workgroups of each dispatch of one run, in order (a reduction has one per pass). */
  dispatches: readonly Grid3[];
}

/** Invocations in one workgroup of a plan. */
export function invocationsPerWorkgroup(plan: Pick<KernelPlan, 'workgroupSize'>): number {
  const [x, y, z] = plan.workgroupSize;
  return x * y * z;
}

/** Workgroups one run of a plan launches, over all its dispatches. */
export function workgroupsPerRun(plan: Pick<KernelPlan, 'dispatches'>): number {
  return plan.dispatches.reduce((sum, [x, y, z]) => sum + x * y * z, 0);
}

/**
 * A 1-D count of workgroups laid out on a grid no wider than `maxPerDimension`: x stays as wide
 * as allowed and y counts the rows (rows as even as possible). Kernels rebuild the linear
 * workgroup index as `id.y * num_workgroups.x + id.x` and skip indices past the count.
 */
export function gridForWorkgroups(workgroups: number, maxPerDimension: number): Grid3 {
  if (!Number.isInteger(workgroups) || workgroups < 1) {
    throw new RangeError(`workgroups must be an integer >= 1, got ${String(workgroups)}`);
  }
  if (!Number.isInteger(maxPerDimension) || maxPerDimension < 1) {
    throw new RangeError(`maxPerDimension must be an integer >= 1, got ${String(maxPerDimension)}`);
  }
  const rows = Math.ceil(workgroups / maxPerDimension);
  if (rows > maxPerDimension) {
    throw new RangeError(
      `${workgroups} workgroups do not fit a ${maxPerDimension} x ${maxPerDimension} grid`,
    );
  }
  return [Math.ceil(workgroups / rows), rows, 1];
}

/** WebGPU's default, and guaranteed minimum, of maxComputeWorkgroupsPerDimension. */
export const DEFAULT_MAX_WORKGROUPS_PER_DIMENSION = 65_535;

/** What a plan depends on besides its size: how wide a grid one dispatch may be on the device. */
export interface PlanLayout {
  /** Widest grid dimension to use: the device's limit, or less. */
  maxWorkgroupsPerDimension: number;
}

/** The layout on a device with WebGPU's default limits: what a plan made before a run uses. */
export const DEFAULT_PLAN_LAYOUT: PlanLayout = {
  maxWorkgroupsPerDimension: DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
};

/** A kernel's work as the cost engine sees it, before its launch geometry is known. */
export type KernelWork = Omit<KernelDescriptor, 'threadsPerBlock' | 'blocks'>;

/**
 * The plan of a 1-D launch: `invocations` invocations in workgroups of `workgroupSize` along x,
 * the workgroups laid out by `gridForWorkgroups` (at most `maxWorkgroupsPerDimension` along a
 * dimension: the device's limit, WebGPU's guaranteed minimum when none is given), doing `work`
 * (its launch geometry filled in).
 */
export function linearLaunchPlan(
  work: KernelWork,
  invocations: number,
  workgroupSize: number,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  const workgroups = Math.ceil(invocations / workgroupSize);
  return {
    descriptor: { ...work, threadsPerBlock: workgroupSize, blocks: workgroups },
    workgroupSize: [workgroupSize, 1, 1],
    dispatches: [gridForWorkgroups(workgroups, maxWorkgroupsPerDimension)],
  };
}
