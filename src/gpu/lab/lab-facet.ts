/**
 * What a kernel adds to appear in the kernel lab. Its **card** is pure (no WGSL, no WebGPU):
 * its name, label and summary, how its size is entered, its plan for a size, and how large a
 * size a device can take; the lab's list of cards (lab-kernels.ts) is what the widget's settings
 * and forms read. Its record's **lab part** adds how its job is built. The lab reads both from
 * these declarations; it has no list or switch of its own.
 */
import type { JobContext, JobLayout, KernelJob } from '../jobs/kernel-job';
import type { KernelPlan } from '../kernel-plan';
import type { MatmulShape } from '../../compute/matmul-reference';

/** A size given as a count: f32 elements, or invocations for the FMA kernel. */
export interface CountSize {
  elements: number;
}

/** The size of a lab run: a count, or a matrix shape for the matmuls. */
export type LabSize = CountSize | MatmulShape;

/** How a kernel's size is entered. */
export type SizeKind = 'elements' | 'threads' | 'matmul';

/** The device limits lab sizes depend on. */
export interface LabLimits {
  maxStorageBufferBindingSize: number;
  maxBufferSize: number;
  maxComputeWorkgroupsPerDimension: number;
}

/** How the lab sizes and plans a kernel, without building anything. */
export interface LabPlanning {
  sizeKind: SizeKind;
  /** The size the lab starts with: a few ms at a real GPU's roof, under a second in software. */
  defaultSize: LabSize;
  /** Its plan for a size on a layout (the widget and the engine use it before any run). */
  plan(size: LabSize, layout: JobLayout): KernelPlan;
  /**
   * For count sizes: the largest count a device allows. Matrix shapes are fitted by the lab
   * from the three buffers and the workgroup edge (`matmulEdge`).
   */
  maxCount?(limits: LabLimits): number;
  /** For matmul kernels: the output tile edge one workgroup covers. */
  matmulEdge?: number;
  /**
   * For matmul kernels that pad each row of A and B to a multiple of this many values (vec4
   * loads): the buffers grow by that padding, which size fitting must count. Default 1.
   */
  matmulRowAlignment?: number;
}

/** A kernel's part in its record: its planning, and how its job is built on a device. */
export interface LabFacet extends LabPlanning {
  /** Builds its job on a device (inputs uploaded, pipeline ready). */
  createJob(context: JobContext, size: LabSize): Promise<KernelJob>;
}

/** What the lab knows of a kernel before loading its WGSL: its record's name, label, summary. */
export interface LabCard<Name extends string = string> {
  readonly name: Name;
  readonly label: string;
  readonly summary: string;
  readonly lab: LabPlanning;
}

/** Declares a lab kernel's card, keeping its name as a literal type. */
export function defineLabCard<const Name extends string>(card: LabCard<Name>): LabCard<Name> {
  return card;
}

/** The edge of the square shape every matmul card starts with. */
const MATMUL_DEFAULT_EDGE = 256;

/**
 * The planning of a matmul kernel: sizes are shapes, starting at 256³; the plan comes from
 * `plan` on the lab's layout; `edge` (and `rowAlignment`) are what size fitting needs.
 */
export function matmulPlanning(spec: {
  edge: number;
  rowAlignment?: number;
  plan(shape: MatmulShape, maxWorkgroupsPerDimension: number): KernelPlan;
}): LabPlanning {
  const d = MATMUL_DEFAULT_EDGE;
  return {
    sizeKind: 'matmul',
    defaultSize: { m: d, n: d, k: d },
    matmulEdge: spec.edge,
    ...(spec.rowAlignment === undefined ? {} : { matmulRowAlignment: spec.rowAlignment }),
    plan: (size, layout) => spec.plan(shapeOf(size), layout.maxWorkgroupsPerDimension),
  };
}

/** The planning of a kernel over a count (elements or threads) with its plan and its largest count. */
export function countPlanning(spec: {
  sizeKind: 'elements' | 'threads';
  defaultCount: number;
  plan(count: number, layout: JobLayout): KernelPlan;
  maxCount(limits: LabLimits): number;
}): LabPlanning {
  return {
    sizeKind: spec.sizeKind,
    defaultSize: { elements: spec.defaultCount },
    plan: (size, layout) => spec.plan(countOf(size), layout),
    maxCount: spec.maxCount,
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
