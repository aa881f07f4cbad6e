/**
 * A simple model of PyTorch's CUDA caching allocator, after c10/cuda/CUDACachingAllocator.cpp:
 * - request sizes round up to multiples of 512 bytes;
 * - requests up to 1 MiB come from 2 MiB "small" segments; larger ones from "large" segments,
 *   20 MiB for requests under 10 MiB and the request rounded up to 2 MiB otherwise;
 * - a free block is reused best-fit and split when the rest is worth keeping (any rest in the
 *   small pool, more than 1 MiB in the large pool); freed neighbours merge again;
 * - freed memory stays reserved (cached) until empty_cache() returns whole free segments;
 * - when the device is full, cached segments are released and the request retried once.
 * Not modelled: streams, expandable segments, max_split_size, oversize blocks.
 */
import { formatSize } from './memory-format';
import { PyError } from './errors';

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

/** Memory counters, as torch.cuda.memory_allocated() and friends report them. */
export interface AllocatorStats {
  allocatedBytes: number;
  reservedBytes: number;
  peakAllocatedBytes: number;
  /** Reserved memory not handed to any tensor. */
  cachedFreeBytes: number;
  segments: number;
}

interface Block {
  id: number;
  segment: Segment;
  offset: number;
  size: number;
  allocated: boolean;
}

interface Segment {
  id: number;
  small: boolean;
  size: number;
  blocks: Block[];
}

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

/** The caching allocator of one simulated GPU. */
export class CachingAllocator {
  private segments: Segment[] = [];
  private blocks = new Map<number, Block>();
  private nextId = 1;
  private peakAllocated = 0;

  /**
   * @param capacityBytes the GPU's memory
   * @param contextBytes memory the CUDA context takes before any tensor (not PyTorch's)
   * @param deviceIndex the GPU's index, for messages
   */
  constructor(
    readonly capacityBytes: number,
    readonly contextBytes: number,
    readonly deviceIndex = 0,
  ) {}

  /** Allocates `bytes` (0 takes no block) and returns the block id; throws OutOfMemoryError. */
  allocate(bytes: number): number | null {
    if (bytes === 0) return null;
    const rounded = roundRequest(bytes);
    const small = rounded <= SMALL_REQUEST_BYTES;
    let block = this.bestFit(rounded, small);
    if (!block) {
      const segmentBytes = segmentSizeFor(rounded);
      if (!this.fits(segmentBytes)) this.emptyCache();
      if (!this.fits(segmentBytes)) throw this.outOfMemory(segmentBytes);
      block = this.newSegment(segmentBytes, small);
    }
    this.split(block, rounded, small);
    block.allocated = true;
    this.peakAllocated = Math.max(this.peakAllocated, this.stats().allocatedBytes);
    return block.id;
  }

  /** Frees a block; its memory stays reserved for reuse. */
  free(blockId: number | null): void {
    if (blockId === null) return;
    const block = this.blocks.get(blockId);
    if (!block || !block.allocated) return;
    block.allocated = false;
    this.merge(block);
  }

  /** Returns every entirely free segment to the device, as torch.cuda.empty_cache() does. */
  emptyCache(): void {
    const keep: Segment[] = [];
    for (const segment of this.segments) {
      if (segment.blocks.every((b) => !b.allocated)) {
        for (const b of segment.blocks) this.blocks.delete(b.id);
      } else {
        keep.push(segment);
      }
    }
    this.segments = keep;
  }

  /** Starts the peak counter again from the current allocation. */
  resetPeak(): void {
    this.peakAllocated = this.stats().allocatedBytes;
  }

  /** Current counters. */
  stats(): AllocatorStats {
    let allocatedBytes = 0;
    let reservedBytes = 0;
    for (const segment of this.segments) {
      reservedBytes += segment.size;
      for (const b of segment.blocks) if (b.allocated) allocatedBytes += b.size;
    }
    return {
      allocatedBytes,
      reservedBytes,
      peakAllocatedBytes: Math.max(this.peakAllocated, allocatedBytes),
      cachedFreeBytes: reservedBytes - allocatedBytes,
      segments: this.segments.length,
    };
  }

  /** Device memory no one holds: capacity minus the context and PyTorch's reservations. */
  freeDeviceBytes(): number {
    return Math.max(0, this.capacityBytes - this.contextBytes - this.stats().reservedBytes);
  }

  private fits(segmentBytes: number): boolean {
    return segmentBytes <= this.freeDeviceBytes();
  }

  private bestFit(rounded: number, small: boolean): Block | undefined {
    let best: Block | undefined;
    for (const segment of this.segments) {
      if (segment.small !== small) continue;
      for (const b of segment.blocks) {
        if (!b.allocated && b.size >= rounded && (!best || b.size < best.size)) best = b;
      }
    }
    return best;
  }

  private newSegment(size: number, small: boolean): Block {
    const segment: Segment = { id: this.nextId++, small, size, blocks: [] };
    const block: Block = { id: this.nextId++, segment, offset: 0, size, allocated: false };
    segment.blocks.push(block);
    this.segments.push(segment);
    this.blocks.set(block.id, block);
    return block;
  }

  private split(block: Block, rounded: number, small: boolean): void {
    const rest = block.size - rounded;
    const worthIt = small ? rest >= MIN_BLOCK_BYTES : rest > SMALL_REQUEST_BYTES;
    if (!worthIt) return;
    const remainder: Block = {
      id: this.nextId++,
      segment: block.segment,
      offset: block.offset + rounded,
      size: rest,
      allocated: false,
    };
    block.size = rounded;
    const list = block.segment.blocks;
    list.splice(list.indexOf(block) + 1, 0, remainder);
    this.blocks.set(remainder.id, remainder);
  }

  private merge(block: Block): void {
    const list = block.segment.blocks;
    let index = list.indexOf(block);
    const next = list[index + 1];
    if (next && !next.allocated) {
      block.size += next.size;
      list.splice(index + 1, 1);
      this.blocks.delete(next.id);
    }
    const previous = list[index - 1];
    if (previous && !previous.allocated) {
      previous.size += block.size;
      list.splice(index, 1);
      this.blocks.delete(block.id);
      index--;
    }
  }

  private outOfMemory(segmentBytes: number): PyError {
    const { allocatedBytes, reservedBytes } = this.stats();
    const inUse = reservedBytes + this.contextBytes;
    return new PyError(
      'torch.OutOfMemoryError',
      `CUDA out of memory. Tried to allocate ${formatSize(segmentBytes)}. GPU ${this.deviceIndex} has a total capacity of ${formatSize(this.capacityBytes)} of which ${formatSize(this.freeDeviceBytes())} is free. Including non-PyTorch memory, this process has ${formatSize(inUse)} memory in use. Of the allocated memory ${formatSize(allocatedBytes)} is allocated by PyTorch, and ${formatSize(reservedBytes - allocatedBytes)} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)`,
      segmentBytes > this.capacityBytes - this.contextBytes
        ? 'This one tensor is bigger than the whole GPU: no amount of freeing helps. Use a smaller shape or dtype, or split the work.'
        : 'The GPU is full. Free tensors you no longer need (del x, or move them back with x = x.cpu()), use a smaller batch or a smaller dtype, or pick a GPU with more memory.',
    );
  }
}
