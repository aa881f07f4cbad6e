import {
  finiteResult,
  requireNonNegative,
  requireNonNegativeInteger,
  requireOneOf,
  requirePositiveInteger,
} from './validate';
import type { Precision } from '../catalog/gpu-spec';

export type { Precision } from '../catalog/gpu-spec';
/** The broad shape of a kernel's work, which picks the unit it runs on. */
export type KernelKind = 'elementwise' | 'copy' | 'reduction' | 'matmul' | 'other';

/** Every precision, in a fixed order. */
export const PRECISIONS: readonly Precision[] = ['fp32', 'tf32', 'fp16', 'bf16', 'fp8'];
/** Every kernel kind, in a fixed order. */
export const KERNEL_KINDS: readonly KernelKind[] = [
  'elementwise',
  'copy',
  'reduction',
  'matmul',
  'other',
];

/** The work a kernel does, shared by the cost engine and the WebGPU runtime. */
export interface KernelDescriptor {
  name: string;
  kind: KernelKind;
  precision: Precision;
  bytesRead: number;
  bytesWritten: number;
  flops: number;
  /** Optional launch geometry, for wave scheduling. */
  threadsPerBlock?: number;
  blocks?: number;
  /**
   * Optional cap on resident blocks per SM when registers or shared memory, not the thread
   * count, limit occupancy (a large matmul tile typically fits once per SM).
   */
  blocksPerSm?: number;
  /** Optional bytes of device memory the kernel's buffers occupy, checked against capacity. */
  footprintBytes?: number;
}

/** Bytes one element takes in memory; tf32 values are stored as 32-bit floats. */
export function bytesPerElement(precision: Precision): number {
  requireOneOf('precision', precision, PRECISIONS);
  switch (precision) {
    case 'fp32':
    case 'tf32':
      return 4;
    case 'fp16':
    case 'bf16':
      return 2;
    case 'fp8':
      return 1;
  }
}

/** Edge of the square output tile each block of a modelled matmul computes. */
export const MATMUL_TILE = 128;
/** Threads per block of a modelled matmul (8 warps per 128x128 tile). */
export const MATMUL_THREADS_PER_BLOCK = 256;

/**
 * C = A·B with A m×k and B k×n: 2·m·n·k FLOPs; reads A and B once and writes C once (the
 * compulsory traffic; caches absorb the re-reads of a tiled kernel). fp8 products are written
 * as bf16, as fp8 GEMMs usually are. The geometry is one 128×128 output tile per block, one
 * block resident per SM, which is how the wave model sees a tensor-core GEMM.
 */
export function matmulDescriptor(
  m: number,
  n: number,
  k: number,
  dtype: Precision,
): KernelDescriptor {
  requirePositiveInteger('m', m);
  requirePositiveInteger('n', n);
  requirePositiveInteger('k', k);
  const inBytes = bytesPerElement(dtype);
  const outBytes = dtype === 'fp8' ? 2 : inBytes;
  const bytesRead = finiteResult('matmul bytes read', (m * k + k * n) * inBytes);
  const bytesWritten = finiteResult('matmul bytes written', m * n * outBytes);
  const tiles = Math.ceil(m / MATMUL_TILE) * Math.ceil(n / MATMUL_TILE);
  return {
    name: `matmul ${m}x${n}x${k} ${dtype}`,
    kind: 'matmul',
    precision: dtype,
    bytesRead,
    bytesWritten,
    flops: finiteResult('matmul FLOPs', 2 * m * n * k),
    threadsPerBlock: MATMUL_THREADS_PER_BLOCK,
    blocks: tiles,
    blocksPerSm: 1,
    footprintBytes: bytesRead + bytesWritten,
  };
}

/** A device-to-device copy kernel: reads `bytes` and writes `bytes`, no arithmetic. */
export function copyDescriptor(bytes: number): KernelDescriptor {
  requireNonNegativeInteger('bytes', bytes);
  return {
    name: `copy ${bytes} B`,
    kind: 'copy',
    precision: 'fp32',
    bytesRead: bytes,
    bytesWritten: bytes,
    flops: 0,
    footprintBytes: 2 * bytes,
  };
}

/**
 * An elementwise kernel such as ReLU: reads one element and writes one element per position,
 * doing `flopsPerElement` arithmetic on each.
 */
export function elementwiseDescriptor(
  elements: number,
  dtype: Precision,
  flopsPerElement: number,
): KernelDescriptor {
  requireNonNegativeInteger('elements', elements);
  requireNonNegative('flopsPerElement', flopsPerElement);
  const bytes = elements * bytesPerElement(dtype);
  return {
    name: `elementwise ${elements} x ${dtype}`,
    kind: 'elementwise',
    precision: dtype,
    bytesRead: bytes,
    bytesWritten: bytes,
    flops: finiteResult('elementwise FLOPs', elements * flopsPerElement),
    footprintBytes: 2 * bytes,
  };
}

/** A sum-style reduction of `elements` values to one: one add per element, one value written. */
export function reductionDescriptor(elements: number, dtype: Precision): KernelDescriptor {
  requireNonNegativeInteger('elements', elements);
  const size = bytesPerElement(dtype);
  return {
    name: `reduction ${elements} x ${dtype}`,
    kind: 'reduction',
    precision: dtype,
    bytesRead: elements * size,
    bytesWritten: size,
    flops: elements,
    footprintBytes: (elements + 1) * size,
  };
}

/** FLOPs per byte moved; null when the kernel moves no bytes (the ratio has no value). */
export function arithmeticIntensity(descriptor: KernelDescriptor): number | null {
  const bytes = descriptor.bytesRead + descriptor.bytesWritten;
  return bytes === 0 ? null : descriptor.flops / bytes;
}

/** Throws a RangeError naming the first field of `descriptor` that cannot describe real work. */
export function validateDescriptor(descriptor: KernelDescriptor): void {
  if (typeof descriptor !== 'object' || descriptor === null) {
    throw new RangeError(`descriptor must be an object, got ${String(descriptor)}`);
  }
  if (typeof descriptor.name !== 'string') {
    throw new RangeError(`descriptor.name must be a string, got ${String(descriptor.name)}`);
  }
  requireOneOf('descriptor.kind', descriptor.kind, KERNEL_KINDS);
  requireOneOf('descriptor.precision', descriptor.precision, PRECISIONS);
  requireNonNegative('descriptor.bytesRead', descriptor.bytesRead);
  requireNonNegative('descriptor.bytesWritten', descriptor.bytesWritten);
  requireNonNegative('descriptor.flops', descriptor.flops);
  if (descriptor.threadsPerBlock !== undefined) {
    requirePositiveInteger('descriptor.threadsPerBlock', descriptor.threadsPerBlock);
  }
  if (descriptor.blocks !== undefined)
    requirePositiveInteger('descriptor.blocks', descriptor.blocks);
  if (descriptor.blocksPerSm !== undefined) {
    requirePositiveInteger('descriptor.blocksPerSm', descriptor.blocksPerSm);
  }
  if (descriptor.footprintBytes !== undefined) {
    requireNonNegative('descriptor.footprintBytes', descriptor.footprintBytes);
  }
  finiteResult('descriptor bytes moved', descriptor.bytesRead + descriptor.bytesWritten);
}
