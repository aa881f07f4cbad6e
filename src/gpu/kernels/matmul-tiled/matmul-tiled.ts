/**
 * The tiled matmul kernel's plan (launch and work, shared with the cost engine). Its CPU
 * reference and error bound live in compute/matmul-reference.ts, shared with the other
 * matmuls. The WGSL twin is matmul-tiled.wgsl; this file imports no WGSL.
 */
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type KernelPlan } from '../../kernel-plan';
import { matmulPlanFor } from '../../matmul-plan';
import { type MatmulShape } from '../../../compute/matmul-reference';

/** Tile edge (the WGSL `TILE` constant): 16 x 16 invocations and two 16 x 16 tiles of f32. */
export const MATMUL_TILE_EDGE = 16;

/** Bytes of workgroup memory the kernel declares: two tiles of 256 f32. */
export const MATMUL_TILED_WORKGROUP_BYTES = 2 * MATMUL_TILE_EDGE * MATMUL_TILE_EDGE * 4;

/**
 * The tiled kernel's plan for C = A·B. Its compulsory traffic and FLOPs equal the naive
 * kernel's: tiling changes how often memory is re-read, not the work itself.
 */
export function matmulTiledPlan(
  shape: MatmulShape,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  return matmulPlanFor('tiled matmul', shape, MATMUL_TILE_EDGE, maxWorkgroupsPerDimension);
}
