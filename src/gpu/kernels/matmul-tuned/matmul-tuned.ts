/**
 * The tuned register-blocked matmul: its family of tile variants, which variants are valid, the
 * constants a variant and a shape give the pipeline, and its plan (launch and work, shared with
 * the cost engine). Each variant's WGSL is written out by tuned-source.ts. Which variant a device
 * runs is chosen by a sweep (measure/matmul-sweep.ts) and kept in `MATMUL_TUNING` (tuning.ts).
 */
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type KernelPlan } from '../../kernel-plan';
import { matmulPlanFor } from '../../matmul-plan';
import { type MatmulShape } from '../../../compute/matmul-reference';
import type { MatmulTile } from './tile';

export type { MatmulTile } from './tile';

/** Limits on a variant: registers per invocation, and WebGPU's default workgroup limits. */
export const MATMUL_TILE_LIMITS = {
  /** Most rows per invocation. */
  maxMicroM: 8,
  /** Most columns per invocation. */
  maxMicroN: 8,
  /** Most vec4s of one matrix an invocation stages per k-step. */
  maxLoadsPerInvocation: 4,
  /** WebGPU's default `maxComputeInvocationsPerWorkgroup`. */
  maxInvocations: 256,
  /** WebGPU's default `maxComputeWorkgroupStorageSize`, bytes. */
  maxWorkgroupBytes: 16 * 1024,
} as const;

/** The register-blocked kernel's own tile: where the sweep starts and what runs untuned. */
export const DEFAULT_MATMUL_TILE: MatmulTile = {
  tileM: 128,
  tileN: 128,
  tileK: 8,
  microM: 8,
  microN: 8,
};

/**
 * The variants the sweep tries: the register-blocked kernel's tile, a deeper k-step, the two
 * half-width blocks, smaller blocks with fewer or more outputs per invocation, and a small block
 * for products too small to fill a GPU with 128-wide blocks.
 */
export const MATMUL_TILES: readonly MatmulTile[] = [
  DEFAULT_MATMUL_TILE,
  { tileM: 128, tileN: 128, tileK: 16, microM: 8, microN: 8 },
  { tileM: 128, tileN: 64, tileK: 16, microM: 8, microN: 4 },
  { tileM: 64, tileN: 128, tileK: 16, microM: 4, microN: 8 },
  { tileM: 64, tileN: 64, tileK: 16, microM: 4, microN: 4 },
  { tileM: 64, tileN: 64, tileK: 16, microM: 8, microN: 8 },
  { tileM: 32, tileN: 32, tileK: 16, microM: 4, microN: 4 },
];

/** A variant's short name: "128x128x8, 8x8 per invocation" as `128x128x8-8x8`. */
export function tileId(tile: MatmulTile): string {
  return `${tile.tileM}x${tile.tileN}x${tile.tileK}-${tile.microM}x${tile.microN}`;
}

/** A variant in words, for the lab and the bench. */
export function describeTile(tile: MatmulTile): string {
  return (
    `${tile.tileM} x ${tile.tileN} block, k-step ${tile.tileK}, ` +
    `${tile.microM} x ${tile.microN} outputs per invocation`
  );
}

/** Invocations along x (columns) and y (rows) of a variant's workgroup. */
export function tileThreads(tile: MatmulTile): { x: number; y: number } {
  return { x: tile.tileN / tile.microN, y: tile.tileM / tile.microM };
}

/** Bytes of workgroup memory a variant declares: its tile of A and its tile of B. */
export function tileWorkgroupBytes(tile: MatmulTile): number {
  return (tile.tileM + tile.tileN) * tile.tileK * 4;
}

/**
 * Why a variant cannot run, or null when it can: every size a positive integer, micro-tiles of 4
 * or 8 dividing the block, a k-step of whole vec4s, each matrix's tile staged in one to four
 * vec4s per invocation, and WebGPU's default workgroup limits respected.
 */
export function tileProblem(tile: MatmulTile): string | null {
  const { tileM, tileN, tileK, microM, microN } = tile;
  const limits = MATMUL_TILE_LIMITS;
  for (const [name, value] of Object.entries(tile)) {
    if (!Number.isInteger(value) || value < 1) return `${name} must be a positive integer`;
  }
  if (![4, 8].includes(microM) || ![4, 8].includes(microN)) return 'micro-tiles are 4 or 8 wide';
  if (tileM % microM !== 0 || tileN % microN !== 0) return 'micro-tiles must divide the block';
  if (tileK % 4 !== 0) return 'the k-step must be whole vec4s';
  const { x, y } = tileThreads(tile);
  const threads = x * y;
  if (threads > limits.maxInvocations) return `${threads} invocations exceed 256`;
  for (const [name, vec4s] of [
    ['A', (tileM * tileK) / 4],
    ['B', (tileK * tileN) / 4],
  ] as const) {
    const loads = vec4s / threads;
    if (!Number.isInteger(loads) || loads < 1 || loads > limits.maxLoadsPerInvocation) {
      return `the ${name} tile (${vec4s} vec4s) is not 1 to 4 vec4s per invocation`;
    }
  }
  const bytes = tileWorkgroupBytes(tile);
  if (bytes > limits.maxWorkgroupBytes) return `${bytes} bytes of workgroup memory exceed 16 KiB`;
  return null;
}

/** True when the shape is whole blocks and k-steps, so the variant may skip bounds checks. */
export function tileFitsExactly(tile: MatmulTile, shape: MatmulShape): boolean {
  return shape.m % tile.tileM === 0 && shape.n % tile.tileN === 0 && shape.k % tile.tileK === 0;
}

/** The override constants of a variant's WGSL at a shape: whether it may skip bounds checks. */
export function tileConstants(tile: MatmulTile, shape: MatmulShape): Record<string, number> {
  return { EXACT: tileFitsExactly(tile, shape) ? 1 : 0 };
}

/**
 * The tuned kernel's plan for C = A·B with `tile`: one workgroup per block of C. Its compulsory
 * traffic and FLOPs are the naive kernel's (the engine's matmul descriptor). Throws a RangeError
 * for an invalid tile, a shape below 1 x 1 x 1, or a grid wider than `maxWorkgroupsPerDimension`.
 */
export function matmulTunedPlan(
  shape: MatmulShape,
  tile: MatmulTile = DEFAULT_MATMUL_TILE,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  const problem = tileProblem(tile);
  if (problem) throw new RangeError(`matmul tile ${tileId(tile)}: ${problem}`);
  const x = Math.ceil(shape.n / tile.tileN);
  const y = Math.ceil(shape.m / tile.tileM);
  // The naive plan's edge only sets its grid; this kernel's grid is its blocks'.
  const base = matmulPlanFor('tuned matmul', shape, 1, Number.POSITIVE_INFINITY);
  if (x > maxWorkgroupsPerDimension || y > maxWorkgroupsPerDimension) {
    throw new RangeError(
      `a ${shape.m} x ${shape.n} result needs ${x} x ${y} workgroups, more than ` +
        `${maxWorkgroupsPerDimension} along one dimension`,
    );
  }
  const threads = tileThreads(tile);
  return {
    ...base,
    descriptor: {
      ...base.descriptor,
      name: `tuned matmul ${tileId(tile)} ${shape.m}x${shape.n}x${shape.k} fp32`,
      threadsPerBlock: threads.x * threads.y,
      blocks: x * y,
    },
    workgroupSize: [threads.x, threads.y, 1],
    dispatches: [[x, y, 1]],
  };
}
