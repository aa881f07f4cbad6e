/**
 * The naive matmul kernel's plan (launch and work, shared with the cost engine). Its CPU
 * reference and error bound live in compute/matmul-reference.ts, shared with the other
 * matmuls. The WGSL twin is matmul-naive.wgsl; this file imports no WGSL.
 */
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type KernelPlan } from '../../kernel-plan';
import { matmulPlanFor } from '../../matmul-plan';
import { type MatmulShape } from '../../../compute/matmul-reference';

/** Workgroup edge: 16 x 16 invocations, one per element of a 16 x 16 block of C. */
export const MATMUL_NAIVE_WORKGROUP_EDGE = 16;

/** The naive kernel's plan for C = A·B. */
export function matmulNaivePlan(
  shape: MatmulShape,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  return matmulPlanFor(
    'naive matmul',
    shape,
    MATMUL_NAIVE_WORKGROUP_EDGE,
    maxWorkgroupsPerDimension,
  );
}
