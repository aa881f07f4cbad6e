/**
 * The divergence kernel: its parameters and its plan (launch and work, shared with the cost
 * engine). The WGSL twin is divergence.wgsl, the CPU reference compute/divergence-reference;
 * this file imports no WGSL.
 */
import { requireInteger } from '../../../compute/require-integer';
import { BRANCH_KINDS, type BranchKind } from '../../../compute/divergence-reference';
import { linearLaunchPlan, type KernelPlan, type KernelWork } from '../../kernel-plan';

/** Invocations per workgroup (the `WORKGROUP_SIZE` override). */
export const DIVERGENCE_WORKGROUP_SIZE = 256;

/** Integer operations per step of a path (the LCG's 2, the xorshift's 6; counted as the larger). */
export const OPS_PER_TRIP = 6;

/** The kernel's number for a branch rule (its `kind` parameter). */
export function branchKindNumber(kind: BranchKind): number {
  return BRANCH_KINDS.indexOf(kind);
}

/** The uniform block for `count` invocations of rule `kind`, `trips` steps per path. */
export function divergenceParams(
  count: number,
  kind: BranchKind,
  trips: number,
): Uint32Array<ArrayBuffer> {
  return new Uint32Array([count, branchKindNumber(kind), trips, 0]);
}

/** `count` invocations, each reading and writing one word and doing `trips` steps of a path. */
export function divergencePlan(
  count: number,
  kind: BranchKind,
  trips: number,
  maxWorkgroupsPerDimension?: number,
): KernelPlan {
  requireInteger('count', count, 1);
  requireInteger('trips', trips, 0);
  const work: KernelWork = {
    name: `divergent branch (${kind}) ${count.toLocaleString('en-US')} x ${trips} steps`,
    kind: 'other',
    precision: 'fp32',
    bytesRead: count * 4,
    bytesWritten: count * 4,
    flops: count * trips * OPS_PER_TRIP,
    footprintBytes: count * 8,
  };
  return linearLaunchPlan(work, count, DIVERGENCE_WORKGROUP_SIZE, maxWorkgroupsPerDimension);
}
