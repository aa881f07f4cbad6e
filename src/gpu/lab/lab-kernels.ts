/**
 * The kernels of the kernel lab, by id: what each is called, how its size is given, and its plan
 * for a size. Pure: no WebGPU objects.
 */
import { copyPlan } from '../kernels/copy/copy';
import { fmaPlan } from '../kernels/fma/fma';
import { matmulNaivePlan } from '../kernels/matmul-naive/matmul-naive';
import { matmulTiledPlan } from '../kernels/matmul-tiled/matmul-tiled';
import { reducePlan } from '../kernels/reduce/reduce';
import { reluPlan } from '../kernels/relu/relu';
import type { KernelPlan } from '../kernel-plan';
import type { MatmulShape } from '../matmul-shape';

/** Every lab kernel, in the order the widget lists them. */
export const LAB_KERNEL_IDS = [
  'relu',
  'copy',
  'reduce',
  'matmul-naive',
  'matmul-tiled',
  'fma',
] as const;

/** One lab kernel. */
export type LabKernelId = (typeof LAB_KERNEL_IDS)[number];

/** A size given as a count: f32 elements, or invocations for the FMA kernel. */
export interface CountSize {
  elements: number;
}

/** The size of a lab run: a count, or a matrix shape for the matmuls. */
export type LabSize = CountSize | MatmulShape;

/** How a kernel's size is entered. */
export type SizeKind = 'elements' | 'threads' | 'matmul';

/** What the lab shows about a kernel. */
export interface LabKernelInfo {
  id: LabKernelId;
  label: string;
  sizeKind: SizeKind;
  /** One sentence on what the kernel does and what limits it. */
  summary: string;
}

/** The lab's kernels, by id. */
export const LAB_KERNELS: Readonly<Record<LabKernelId, LabKernelInfo>> = {
  relu: {
    id: 'relu',
    label: 'ReLU',
    sizeKind: 'elements',
    summary: 'y = max(x, 0) on every element: one comparison per 8 bytes moved, so memory bound.',
  },
  copy: {
    id: 'copy',
    label: 'Vectorised copy',
    sizeKind: 'elements',
    summary: 'Copies an array 16 bytes at a time with no arithmetic: the memory roof of a shader.',
  },
  reduce: {
    id: 'reduce',
    label: 'Sum reduction',
    sizeKind: 'elements',
    summary: 'Adds every element into one number in a tree of passes: one add per 4 bytes read.',
  },
  'matmul-naive': {
    id: 'matmul-naive',
    label: 'Matmul, naive',
    sizeKind: 'matmul',
    summary: 'One invocation per output element, reading its row and column straight from memory.',
  },
  'matmul-tiled': {
    id: 'matmul-tiled',
    label: 'Matmul, tiled',
    sizeKind: 'matmul',
    summary: 'Loads 16 x 16 tiles into workgroup memory and reuses each value 16 times.',
  },
  fma: {
    id: 'fma',
    label: 'FMA throughput',
    sizeKind: 'threads',
    summary: 'Long chains of fused multiply-adds that touch no memory: the arithmetic roof.',
  },
};

/** True when `id` names a lab kernel. */
export function isLabKernelId(id: unknown): id is LabKernelId {
  return typeof id === 'string' && (LAB_KERNEL_IDS as readonly string[]).includes(id);
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

/** A kernel's plan for a size, laid out for a device allowing `maxWorkgroupsPerDimension`. */
export function labPlan(
  id: LabKernelId,
  size: LabSize,
  maxWorkgroupsPerDimension: number,
  vec4sPerInvocation?: number,
): KernelPlan {
  const stream = {
    maxWorkgroupsPerDimension,
    ...(vec4sPerInvocation ? { vec4sPerInvocation } : {}),
  };
  switch (id) {
    case 'relu':
      return reluPlan(countOf(size), stream);
    case 'copy':
      return copyPlan(countOf(size), stream);
    case 'reduce':
      return reducePlan(countOf(size), maxWorkgroupsPerDimension);
    case 'matmul-naive':
      return matmulNaivePlan(shapeOf(size), maxWorkgroupsPerDimension);
    case 'matmul-tiled':
      return matmulTiledPlan(shapeOf(size), maxWorkgroupsPerDimension);
    case 'fma':
      return fmaPlan(countOf(size), undefined, maxWorkgroupsPerDimension);
  }
}

/** A size in words: "1,048,576 elements", "4,096 threads", "256 x 128 x 64". */
export function describeSize(id: LabKernelId, size: LabSize): string {
  if (isMatmulSize(size)) return `${size.m} x ${size.n} x ${size.k}`;
  const noun = LAB_KERNELS[id].sizeKind === 'threads' ? 'thread' : 'element';
  return `${size.elements.toLocaleString('en-US')} ${noun}${size.elements === 1 ? '' : 's'}`;
}
