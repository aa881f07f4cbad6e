/**
 * Tensors and their storage. A storage is a block of memory on one device; tensors are views
 * of it with a shape and a dtype (`detach()` shares its storage). Only small storages hold
 * values; big ones are sizes, dtype and place only, so no real memory is spent on them.
 */
import type { Device } from './device';
import { DTYPES, type DTypeName } from './dtype';

/** A block of tensor memory on one device. */
export interface Storage {
  id: number;
  device: Device;
  bytes: number;
  /** Page-locked host memory (CPU storages only). */
  pinned: boolean;
  /** The elements, already rounded to the dtype; null when not kept or not computed. */
  values: Float64Array | null;
  /** The caching-allocator block holding it (CUDA storages only). */
  blockId: number | null;
  /** Where the values were computed, when an operation produced them. */
  computedBy: 'cpu' | 'webgpu' | null;
}

/** A tensor: a view of a storage. */
export interface Tensor {
  id: number;
  storage: Storage;
  shape: number[];
  dtype: DTypeName;
  requiresGrad: boolean;
  /** The autograd node that made it, e.g. "AddmmBackward0"; null for leaves. */
  gradFn: string | null;
  /** True for an nn.Module parameter (printed as "Parameter containing:"). */
  isParameter: boolean;
}

/** Why a tensor has no values to show. */
export type MissingValues = 'too-big' | 'not-computed';

/** Bytes a tensor's elements take. */
export function tensorBytes(shape: readonly number[], dtype: DTypeName): number {
  return shape.reduce((product, size) => product * size, DTYPES[dtype].bytesPerElement);
}

/** The device a tensor lives on. */
export function deviceOf(tensor: Tensor): Device {
  return tensor.storage.device;
}

/** True for a tensor on the simulated GPU. */
export function isCuda(tensor: Tensor): boolean {
  return tensor.storage.device.type === 'cuda';
}
