/**
 * What a kernel adds to its record to appear in the kernel lab: how its size is entered, its
 * plan for a size, how its job is built, and how large a size a device can take. The lab reads
 * these from the registry; it has no list or switch of its own.
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

/** A kernel's part in the lab. */
export interface LabFacet {
  sizeKind: SizeKind;
  /** The size the lab starts with: a few ms at a real GPU's roof, under a second in software. */
  defaultSize: LabSize;
  /** Its plan for a size on a layout (the widget and the engine use it before any run). */
  plan(size: LabSize, layout: JobLayout): KernelPlan;
  /** Builds its job on a device (inputs uploaded, pipeline ready). */
  createJob(context: JobContext, size: LabSize): Promise<KernelJob>;
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
