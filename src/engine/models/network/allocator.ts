/**
 * What PyTorch's CUDA caching allocator reserves for a set of live tensors. Every block is
 * rounded up to 512 bytes. Tensors up to 1 MiB share 2 MiB segments (the small pool); tensors
 * from 1 to 10 MiB share 20 MiB segments; larger ones get a segment of their own, rounded up to
 * 2 MiB. The model packs each pool perfectly and ignores the fragmentation that frees and
 * reuse cause across steps, so it is the least the allocator would hold. Pure.
 */
import { requireNonNegative } from '../validate';

const KIB = 1024;
const MIB = 1024 * KIB;

/** Smallest block: every allocation is rounded up to a multiple of this. */
export const MIN_BLOCK_BYTES = 512;
/** Largest allocation served from the small pool. */
export const SMALL_ALLOCATION_BYTES = 1 * MIB;
/** Segment size of the small pool. */
export const SMALL_SEGMENT_BYTES = 2 * MIB;
/** Segment size for allocations between 1 MiB and 10 MiB. */
export const MEDIUM_SEGMENT_BYTES = 20 * MIB;
/** Allocations above this get their own segment. */
export const LARGE_ALLOCATION_BYTES = 10 * MIB;
/** Rounding of a large allocation's own segment. */
export const LARGE_ROUNDING_BYTES = 2 * MIB;

/** `bytes` rounded up to a multiple of `step`. */
function roundUp(bytes: number, step: number): number {
  return Math.ceil(bytes / step) * step;
}

/** Bytes the allocator reserves to hold allocations of these sizes at once. */
export function reservedBytes(sizes: readonly number[]): number {
  let small = 0;
  let medium = 0;
  let large = 0;
  for (const size of sizes) {
    requireNonNegative('allocation bytes', size);
    if (size === 0) continue;
    const block = roundUp(size, MIN_BLOCK_BYTES);
    if (block <= SMALL_ALLOCATION_BYTES) small += block;
    else if (block <= LARGE_ALLOCATION_BYTES) medium += block;
    else large += roundUp(block, LARGE_ROUNDING_BYTES);
  }
  return roundUp(small, SMALL_SEGMENT_BYTES) + roundUp(medium, MEDIUM_SEGMENT_BYTES) + large;
}
