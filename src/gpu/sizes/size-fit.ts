/**
 * Fitting a requested size to what the device allows. Every buffer a measured kernel uses must
 * fit one storage binding (maxStorageBufferBindingSize) and one buffer (maxBufferSize), and
 * every dispatch must fit maxComputeWorkgroupsPerDimension along x and y. A request beyond those
 * is reduced to the largest size that fits, and the message says which limit decided it. Pure.
 */
import { formatBytesBinary } from '../../format/units';
import type { MatmulShape } from '../../compute/matmul-reference';
import { VEC4_BYTES } from '../vec4-stream';

/** The device limits sizes depend on. */
export interface SizeLimits {
  maxStorageBufferBindingSize: number;
  maxBufferSize: number;
  maxComputeWorkgroupsPerDimension: number;
}

/** A size that fits, and what was changed to make it fit. */
export interface SizeFit<Size> {
  size: Size;
  /** True when the request was reduced. */
  reduced: boolean;
  /** Why it was reduced, for the learner; null when nothing changed. */
  message: string | null;
}

/** A byte count in binary units for messages ("128 MiB", "1.5 KiB"): the shared formatter. */
export const formatBytes = formatBytesBinary;

/** Largest bytes one buffer may hold. */
export function maxBufferBytes(limits: SizeLimits): number {
  return Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
}

/** The most f32 elements a streaming kernel can take: the array padded to vec4s fits a buffer. */
export function maxStreamElements(limits: SizeLimits): number {
  return Math.floor(maxBufferBytes(limits) / VEC4_BYTES) * 4;
}

/** The limits in words, for the message of a reduced size. */
export function limitText(limits: SizeLimits): string {
  return (
    `this GPU device allows ${formatBytes(maxBufferBytes(limits))} per buffer ` +
    `and ${limits.maxComputeWorkgroupsPerDimension.toLocaleString('en-US')} ` +
    'workgroups per dimension'
  );
}

/** Edge of the output block one workgroup of a matmul covers, unless its kernel says. */
export const DEFAULT_MATMUL_EDGE = 16;

/** How a matmul kernel covers C and lays out A and B: what fitting a shape depends on. */
export interface MatmulTiling {
  /** The output tile edge one workgroup covers (default `DEFAULT_MATMUL_EDGE`). */
  matmulEdge?: number;
  /** A and B rows are padded to a multiple of this many values (default 1). */
  matmulRowAlignment?: number;
}

/** `columns` rounded up to a multiple of `alignment`: the values of one padded row. */
function alignedRow(columns: number, alignment: number): number {
  return Math.ceil(columns / alignment) * alignment;
}

/**
 * Whether a matrix shape fits: each of A, B, C in one buffer (A's and B's rows padded to a
 * multiple of `matmulRowAlignment` values, default 1), and a grid of `matmulEdge` x `matmulEdge`
 * blocks (default DEFAULT_MATMUL_EDGE) within the per-dimension limit.
 */
export function matmulFits(
  shape: MatmulShape,
  limits: SizeLimits,
  tiling: MatmulTiling = {},
): boolean {
  const edge = tiling.matmulEdge ?? DEFAULT_MATMUL_EDGE;
  const rowAlignment = tiling.matmulRowAlignment ?? 1;
  const bytes = maxBufferBytes(limits);
  const perDimension = limits.maxComputeWorkgroupsPerDimension * edge;
  return (
    shape.m * alignedRow(shape.k, rowAlignment) * 4 <= bytes &&
    shape.k * alignedRow(shape.n, rowAlignment) * 4 <= bytes &&
    shape.m * shape.n * 4 <= bytes &&
    shape.m <= perDimension &&
    shape.n <= perDimension
  );
}

/** `shape` scaled by `factor` (0..1], each dimension rounded down and kept at least 1. */
export function scaleShape(shape: MatmulShape, factor: number): MatmulShape {
  const scale = (d: number): number => Math.max(1, Math.floor(d * factor));
  return { m: scale(shape.m), n: scale(shape.n), k: scale(shape.k) };
}

/**
 * The largest shape that fits with the same proportions: `shape` scaled by the largest factor
 * that fits, found by bisection (fitting only gets easier as the factor shrinks). Dimensions
 * that reach 1 stay there. Returns 1 x 1 x 1 if even that does not fit (it always does).
 */
export function fitMatmul(
  shape: MatmulShape,
  limits: SizeLimits,
  tiling: MatmulTiling = {},
): MatmulShape {
  if (matmulFits(shape, limits, tiling)) return shape;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 64; i++) {
    const middle = (low + high) / 2;
    if (matmulFits(scaleShape(shape, middle), limits, tiling)) low = middle;
    else high = middle;
  }
  return scaleShape(shape, low);
}
