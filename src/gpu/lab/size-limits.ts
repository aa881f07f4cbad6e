/**
 * Fitting a requested size to what the device allows. Every lab buffer must fit one storage
 * binding (maxStorageBufferBindingSize) and one buffer (maxBufferSize), and every dispatch must
 * fit maxComputeWorkgroupsPerDimension along x and y. A request beyond those is reduced to the
 * largest size that fits, and the message says which limit decided it. Pure.
 */
import { FMA_WORKGROUP_SIZE } from '../kernels/fma/fma';
import { MATMUL_TILE_EDGE } from '../kernels/matmul-tiled/matmul-tiled';
import type { MatmulShape } from '../matmul-shape';
import { VEC4_BYTES } from '../vec4-stream';
import { isMatmulSize, LAB_KERNELS, type LabKernelId, type LabSize } from './lab-kernels';

/** The device limits lab sizes depend on. */
export interface LabLimits {
  maxStorageBufferBindingSize: number;
  maxBufferSize: number;
  maxComputeWorkgroupsPerDimension: number;
}

/** A size that fits, and what was changed to make it fit. */
export interface SizeFit {
  size: LabSize;
  /** True when the request was reduced. */
  reduced: boolean;
  /** Why it was reduced, for the learner; null when nothing changed. */
  message: string | null;
}

/** Largest bytes one lab buffer may hold. */
export function maxBufferBytes(limits: LabLimits): number {
  return Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
}

/** A byte count in MiB or KiB, for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 2 ** 20) return `${Number((bytes / 2 ** 20).toPrecision(4))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toPrecision(4))} KiB`;
  return `${bytes} B`;
}

/** The most f32 elements (or FMA threads) a kernel can take on a device with these limits. */
export function maxCount(id: LabKernelId, limits: LabLimits): number {
  const bytes = maxBufferBytes(limits);
  const grid = limits.maxComputeWorkgroupsPerDimension ** 2;
  if (LAB_KERNELS[id].sizeKind === 'threads') {
    return Math.min(Math.floor(bytes / VEC4_BYTES), grid * FMA_WORKGROUP_SIZE);
  }
  // Streaming kernels pad to whole vec4s: the padded array must fit one buffer.
  return Math.floor(bytes / VEC4_BYTES) * 4;
}

/** Whether a matrix shape fits: each of A, B, C in one buffer, the grid within the limit. */
export function matmulFits(shape: MatmulShape, limits: LabLimits): boolean {
  const bytes = maxBufferBytes(limits);
  const perDimension = limits.maxComputeWorkgroupsPerDimension * MATMUL_TILE_EDGE;
  return (
    shape.m * shape.k * 4 <= bytes &&
    shape.k * shape.n * 4 <= bytes &&
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
export function fitMatmul(shape: MatmulShape, limits: LabLimits): MatmulShape {
  if (matmulFits(shape, limits)) return shape;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 64; i++) {
    const middle = (low + high) / 2;
    if (matmulFits(scaleShape(shape, middle), limits)) low = middle;
    else high = middle;
  }
  return scaleShape(shape, low);
}

/** Fits a request to the device: unchanged when it fits, else the largest size that does. */
export function fitSize(id: LabKernelId, requested: LabSize, limits: LabLimits): SizeFit {
  const limitText =
    `this GPU device allows ${formatBytes(maxBufferBytes(limits))} per buffer ` +
    `and ${limits.maxComputeWorkgroupsPerDimension.toLocaleString('en-US')} workgroups per dimension`;
  if (isMatmulSize(requested)) {
    if (matmulFits(requested, limits)) return { size: requested, reduced: false, message: null };
    const size = fitMatmul(requested, limits);
    return {
      size,
      reduced: true,
      message:
        `Reduced ${requested.m} x ${requested.n} x ${requested.k} to ${size.m} x ${size.n} x ` +
        `${size.k}, the largest with the same proportions that fits: ${limitText}.`,
    };
  }
  const most = maxCount(id, limits);
  if (requested.elements <= most) return { size: requested, reduced: false, message: null };
  const noun = LAB_KERNELS[id].sizeKind === 'threads' ? 'threads' : 'elements';
  return {
    size: { elements: most },
    reduced: true,
    message:
      `Reduced ${requested.elements.toLocaleString('en-US')} ${noun} to ` +
      `${most.toLocaleString('en-US')}, the most that fit: ${limitText}.`,
  };
}
