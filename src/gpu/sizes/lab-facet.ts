/**
 * What a kernel's record adds to be a lab kernel: one of the kernels a learner measures at a
 * size of their choosing (the kernel lab) and the benchmark runs in its fixed sequence. Its
 * **lab facet** says how its size is entered and the size to start with, how large a size a
 * device can take, where it belongs among the lab's comparisons (a matmul step, a memory-bound
 * kernel, a roof) and the size the benchmark runs it at. Pure data and arithmetic: the registry
 * (kernels/registry.ts) lists the records, and the lab, the bench and the steps table read these
 * facets from it.
 */
import type { MatmulShape } from '../../compute/matmul-reference';
import {
  fitMatmul,
  limitText,
  matmulFits,
  maxStreamElements,
  type SizeFit,
  type SizeLimits,
} from './size-fit';

/** A size given as a count: f32 elements, or invocations for the FMA kernel. */
export interface CountSize {
  elements: number;
}

/** The size of a lab run: a count, or a matrix shape for the matmuls. */
export type LabSize = CountSize | MatmulShape;

/** How a kernel's size is entered. */
export type SizeKind = 'elements' | 'threads' | 'matmul';

/**
 * Where a lab kernel belongs among the lab's comparisons: `matmul`, a step of the matmul ladder
 * (naive → tiled → register-blocked → tuned, in the registry's order), set against the FMA
 * kernel's FLOP/s; `memory`, a memory-bound kernel set against the copy kernel's bandwidth;
 * `roof`, one of the two kernels whose rates are the roofs themselves (copy, FMA).
 */
export type LabStep = 'matmul' | 'memory' | 'roof';

/**
 * The size the benchmark runs a lab kernel at, each sized once per benchmark: `stream`, the
 * memory roof's element count; `threads`, the compute roof's thread count; `matmul`, a square
 * edge scaled from a probe of the first `matmul` kernel; `large-matmul`, a larger edge scaled
 * from a probe of the first `large-matmul` kernel (up to 4096), at which these kernels also run
 * at the `matmul` edge, to be set against the step before.
 */
export type BenchSize = 'stream' | 'threads' | 'matmul' | 'large-matmul';

/** How the benchmark runs a lab kernel. */
export interface BenchPart {
  size: BenchSize;
  /**
   * The share of its roof (bandwidth for a memory-bound kernel, FLOP/s for a compute-bound one)
   * it should reach on a hardware GPU: the report says whether it did. Absent: no target.
   */
  target?: number;
}

/** A kernel's lab facet: see the file comment. */
export interface LabFacet {
  sizeKind: SizeKind;
  /** The size the lab starts with: a few ms at a real GPU's roof, under a second in software. */
  defaultSize: LabSize;
  step: LabStep;
  bench: BenchPart;
  /**
   * For count sizes: the largest count a device allows. Matrix shapes are fitted from the three
   * buffers and the workgroup edge (`matmulEdge`).
   */
  maxCount?(limits: SizeLimits): number;
  /** For matmul kernels: the output tile edge one workgroup covers. */
  matmulEdge?: number;
  /**
   * For matmul kernels that pad each row of A and B to a multiple of this many values (vec4
   * loads): the buffers grow by that padding, which size fitting must count. Default 1.
   */
  matmulRowAlignment?: number;
}

/** Elements a streaming kernel starts with in the lab: 4 Mi (16 MiB), a few ms at a GPU's roof. */
export const STREAM_DEFAULT_ELEMENTS = 1 << 22;

/** The edge of the square shape every matmul starts with in the lab. */
const MATMUL_DEFAULT_EDGE = 256;

/** The facet of a kernel over a count (elements or threads), with its largest count. */
export function countLab(spec: {
  sizeKind: 'elements' | 'threads';
  defaultCount: number;
  maxCount(limits: SizeLimits): number;
  step: LabStep;
  bench: BenchPart;
}): LabFacet {
  return {
    sizeKind: spec.sizeKind,
    defaultSize: { elements: spec.defaultCount },
    step: spec.step,
    bench: spec.bench,
    maxCount: spec.maxCount,
  };
}

/** The facet of a kernel streaming f32 elements: 4 Mi to start, as many as a buffer holds. */
export function streamLab(spec: { step: LabStep; bench: BenchPart }): LabFacet {
  return countLab({
    sizeKind: 'elements',
    defaultCount: STREAM_DEFAULT_ELEMENTS,
    maxCount: maxStreamElements,
    ...spec,
  });
}

/** The facet of a matmul kernel: sizes are shapes, starting at 256³; `edge` fits them. */
export function matmulLab(spec: {
  edge: number;
  rowAlignment?: number;
  step: LabStep;
  bench: BenchPart;
}): LabFacet {
  const d = MATMUL_DEFAULT_EDGE;
  return {
    sizeKind: 'matmul',
    defaultSize: { m: d, n: d, k: d },
    step: spec.step,
    bench: spec.bench,
    matmulEdge: spec.edge,
    ...(spec.rowAlignment === undefined ? {} : { matmulRowAlignment: spec.rowAlignment }),
  };
}

/** True when a size is a matrix shape. */
export function isMatmulSize(size: LabSize): size is MatmulShape {
  return 'm' in size;
}

/** The size as a count; throws when it is a matrix shape. */
export function countOf(size: LabSize): number {
  if (isMatmulSize(size)) throw new RangeError('expected a count, got a matrix shape');
  return size.elements;
}

/** The size as a matrix shape; throws when it is a count. */
export function shapeOf(size: LabSize): MatmulShape {
  if (!isMatmulSize(size)) throw new RangeError('expected a matrix shape, got a count');
  return size;
}

/** Throws a RangeError unless `size` is of the kind the facet takes (a count or a shape). */
export function checkLabSize(lab: Pick<LabFacet, 'sizeKind'>, size: LabSize): void {
  if (lab.sizeKind === 'matmul') shapeOf(size);
  else countOf(size);
}

/** A size in words: "1,048,576 elements", "4,096 threads", "256 x 128 x 64". */
export function describeLabSize(kind: SizeKind, size: LabSize): string {
  if (isMatmulSize(size)) return `${size.m} x ${size.n} x ${size.k}`;
  const noun = kind === 'threads' ? 'thread' : 'element';
  return `${size.elements.toLocaleString('en-US')} ${noun}${size.elements === 1 ? '' : 's'}`;
}

/** The most elements (or threads) a count-sized kernel can take on these limits. */
export function labMaxCount(lab: LabFacet, limits: SizeLimits): number {
  if (!lab.maxCount) throw new RangeError('this kernel takes a matrix shape, not a count');
  return lab.maxCount(limits);
}

/**
 * Fits a lab size to the device: unchanged when it fits, else the largest size that does (a
 * count cut to the most that fit, a shape scaled down keeping its proportions), with a message
 * naming the limits. Anything else the size carries is kept.
 */
export function fitLabSize<Size extends LabSize>(
  lab: LabFacet,
  requested: Size,
  limits: SizeLimits,
): SizeFit<Size> {
  checkLabSize(lab, requested);
  if (isMatmulSize(requested)) {
    if (matmulFits(requested, limits, lab)) {
      return { size: requested, reduced: false, message: null };
    }
    const shape = fitMatmul(requested, limits, lab);
    return {
      size: { ...requested, ...shape },
      reduced: true,
      message:
        `Reduced ${requested.m} x ${requested.n} x ${requested.k} to ${shape.m} x ${shape.n} x ` +
        `${shape.k}, the largest with the same proportions that fits: ${limitText(limits)}.`,
    };
  }
  const most = labMaxCount(lab, limits);
  const elements = countOf(requested);
  if (elements <= most) return { size: requested, reduced: false, message: null };
  const noun = lab.sizeKind === 'threads' ? 'threads' : 'elements';
  return {
    size: { ...requested, elements: most },
    reduced: true,
    message:
      `Reduced ${elements.toLocaleString('en-US')} ${noun} to ` +
      `${most.toLocaleString('en-US')}, the most that fit: ${limitText(limits)}.`,
  };
}
