/**
 * Fitting a requested size to what the device allows. Every lab buffer must fit one storage
 * binding (maxStorageBufferBindingSize) and one buffer (maxBufferSize), and every dispatch must
 * fit maxComputeWorkgroupsPerDimension along x and y. A request beyond those is reduced to the
 * largest size that fits, and the message says which limit decided it. Pure.
 */
import { formatBytesBinary } from '../../format/units';
import type { MatmulShape } from '../../compute/matmul-reference';
import { isMatmulSize, type LabLimits, type LabPlanning, type LabSize } from './lab-facet';
import { LAB_KERNELS, labCard, type LabKernelId } from './lab-kernels';
import { maxBufferBytes } from './stream-limits';

export type { LabLimits } from './lab-facet';
export { maxBufferBytes } from './stream-limits';

/** A size that fits, and what was changed to make it fit. */
export interface SizeFit {
  size: LabSize;
  /** True when the request was reduced. */
  reduced: boolean;
  /** Why it was reduced, for the learner; null when nothing changed. */
  message: string | null;
}

/** A byte count in binary units for messages ("128 MiB", "1.5 KiB"): the shared formatter. */
export const formatBytes = formatBytesBinary;

/** The most f32 elements (or FMA threads) a count-sized kernel can take on these limits. */
export function maxCount(id: LabKernelId, limits: LabLimits): number {
  const { lab } = labCard(id);
  if (!lab.maxCount) throw new RangeError(`${id} takes a matrix shape, not a count`);
  return lab.maxCount(limits);
}

/** Edge of the output block one workgroup of the lab's matmuls covers, unless a card says. */
export const LAB_MATMUL_EDGE = 16;

/** How a matmul kernel covers C and lays out A and B: what fitting a shape depends on. */
export type MatmulTiling = Pick<LabPlanning, 'matmulEdge' | 'matmulRowAlignment'>;

/** `columns` rounded up to a multiple of `alignment`: the values of one padded row. */
function alignedRow(columns: number, alignment: number): number {
  return Math.ceil(columns / alignment) * alignment;
}

/**
 * Whether a matrix shape fits: each of A, B, C in one buffer (A's and B's rows padded to a
 * multiple of `matmulRowAlignment` values, default 1), and a grid of `matmulEdge` x `matmulEdge`
 * blocks (default LAB_MATMUL_EDGE) within the per-dimension limit.
 */
export function matmulFits(
  shape: MatmulShape,
  limits: LabLimits,
  tiling: MatmulTiling = {},
): boolean {
  const edge = tiling.matmulEdge ?? LAB_MATMUL_EDGE;
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
  limits: LabLimits,
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

/** Fits a request to the device: unchanged when it fits, else the largest size that does. */
export function fitSize(id: LabKernelId, requested: LabSize, limits: LabLimits): SizeFit {
  const limitText =
    `this GPU device allows ${formatBytes(maxBufferBytes(limits))} per buffer ` +
    `and ${limits.maxComputeWorkgroupsPerDimension.toLocaleString('en-US')} workgroups per dimension`;
  if (isMatmulSize(requested)) {
    const { lab } = labCard(id);
    if (matmulFits(requested, limits, lab)) {
      return { size: requested, reduced: false, message: null };
    }
    const size = fitMatmul(requested, limits, lab);
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
