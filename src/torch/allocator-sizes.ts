/**
 * The sizes of PyTorch's CUDA caching allocator (c10/cuda/CUDACachingAllocator.cpp): how a
 * request is rounded, which pool serves it and how big a new segment is. Pure.
 */

const KIB = 1024;
const MIB = 1024 * KIB;

/** Smallest block; every size rounds up to a multiple of it. */
export const MIN_BLOCK_BYTES = 512;
/** Largest request served from the small pool. */
export const SMALL_REQUEST_BYTES = 1 * MIB;
/** Size of a small-pool segment. */
export const SMALL_SEGMENT_BYTES = 2 * MIB;
/** Requests under this take a whole large buffer. */
export const MIN_LARGE_ALLOC_BYTES = 10 * MIB;
/** The large buffer such requests take. */
export const LARGE_BUFFER_BYTES = 20 * MIB;
/** Large segments round up to this. */
export const ROUND_LARGE_BYTES = 2 * MIB;

/** Size a request is rounded up to. */
export function roundRequest(bytes: number): number {
  if (bytes < MIN_BLOCK_BYTES) return MIN_BLOCK_BYTES;
  return MIN_BLOCK_BYTES * Math.ceil(bytes / MIN_BLOCK_BYTES);
}

/** Size of the segment a new request of `rounded` bytes reserves from the device. */
export function segmentSizeFor(rounded: number): number {
  if (rounded <= SMALL_REQUEST_BYTES) return SMALL_SEGMENT_BYTES;
  if (rounded < MIN_LARGE_ALLOC_BYTES) return LARGE_BUFFER_BYTES;
  return ROUND_LARGE_BYTES * Math.ceil(rounded / ROUND_LARGE_BYTES);
}
