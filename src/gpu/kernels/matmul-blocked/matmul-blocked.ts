/**
 * The register-blocked matmul kernel's plan (launch and work, shared with the cost engine), the
 * row padding its vec4 loads need. Its CPU reference and error bound are the
 * other matmuls' (compute/matmul-reference.ts). The WGSL twin is matmul-blocked.wgsl; this file
 * imports no WGSL.
 */
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type KernelPlan } from '../../kernel-plan';
import { matmulPlanFor } from '../../matmul-plan';
import { type MatmulShape } from '../../../compute/matmul-reference';
import { requireInteger } from '../../../compute/require-integer';

/** Rows and columns of C one workgroup computes (the WGSL `TILE_M` and `TILE_N`). */
export const MATMUL_BLOCK_EDGE = 128;

/** Values of k staged in workgroup memory per step (the WGSL `TILE_K`). */
export const MATMUL_BLOCK_K = 8;

/** Invocations along x and along y of a workgroup (the WGSL `THREADS_X` and `THREADS_Y`). */
export const MATMUL_BLOCK_THREADS_EDGE = 16;

/** Outputs one invocation computes along each of rows and columns (8 x 8 = 64 in registers). */
export const MATMUL_BLOCK_OUTPUTS_EDGE = MATMUL_BLOCK_EDGE / MATMUL_BLOCK_THREADS_EDGE;

/** Rows of A and B are padded to a multiple of this many values, so every load is a vec4. */
export const MATMUL_BLOCK_ROW_ALIGNMENT = 4;

/** Bytes of workgroup memory the kernel declares: a 128 x 8 tile of A and an 8 x 128 tile of B. */
export const MATMUL_BLOCKED_WORKGROUP_BYTES = 2 * MATMUL_BLOCK_EDGE * MATMUL_BLOCK_K * 4;

/**
 * The register-blocked kernel's plan for C = A·B: 16 x 16 invocations per 128 x 128 block of C.
 * Its compulsory traffic and FLOPs equal the naive kernel's (the engine's matmul descriptor):
 * blocking changes how often values are re-read, not the work. Throws a RangeError for a shape
 * below 1 x 1 x 1 or a grid wider than `maxWorkgroupsPerDimension`.
 */
export function matmulBlockedPlan(
  shape: MatmulShape,
  maxWorkgroupsPerDimension = DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
): KernelPlan {
  const plan = matmulPlanFor(
    'register-blocked matmul',
    shape,
    MATMUL_BLOCK_EDGE,
    maxWorkgroupsPerDimension,
  );
  const threads = MATMUL_BLOCK_THREADS_EDGE;
  return {
    ...plan,
    descriptor: { ...plan.descriptor, threadsPerBlock: threads * threads },
    workgroupSize: [threads, threads, 1],
  };
}

/** Values per padded row: `columns` rounded up to a multiple of the row alignment. */
export function paddedRowLength(columns: number): number {
  requireInteger('columns', columns, 1);
  return Math.ceil(columns / MATMUL_BLOCK_ROW_ALIGNMENT) * MATMUL_BLOCK_ROW_ALIGNMENT;
}

/**
 * A row-major `rows` x `columns` matrix with each row padded with zeros to `paddedRowLength`
 * values: the layout the kernel's vec4 loads read. Returns the input itself when no row needs
 * padding. Throws a RangeError when `data` does not hold rows x columns values.
 */
export function padRows(
  data: Float32Array<ArrayBuffer>,
  rows: number,
  columns: number,
): Float32Array<ArrayBuffer> {
  requireInteger('rows', rows, 1);
  const stride = paddedRowLength(columns);
  if (data.length !== rows * columns) {
    throw new RangeError(`expected ${rows} x ${columns} values, got ${data.length}`);
  }
  if (stride === columns) return data;
  const padded = new Float32Array(rows * stride);
  for (let row = 0; row < rows; row++) {
    padded.set(data.subarray(row * columns, (row + 1) * columns), row * stride);
  }
  return padded;
}
