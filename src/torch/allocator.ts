/**
 * A simple model of PyTorch's CUDA caching allocator, after c10/cuda/CUDACachingAllocator.cpp:
 * - request sizes round up to multiples of 512 bytes;
 * - requests up to 1 MiB come from 2 MiB "small" segments; larger ones from "large" segments,
 *   20 MiB for requests under 10 MiB and the request rounded up to 2 MiB otherwise;
 * - a free block is reused best-fit and split when the rest is worth keeping (any rest in the
 *   small pool, more than 1 MiB in the large pool); freed neighbours merge again;
 * - freed memory stays reserved (cached) until empty_cache() returns whole free segments;
 * - when the device is full, cached segments are released and the request retried once;
 * - memory_stats()-style counters (allocator-stats.ts) and a read-only view of the segments.
 * Not modelled: streams, expandable segments, max_split_size, oversize blocks.
 */
import {
  MIN_BLOCK_BYTES,
  roundRequest,
  segmentSizeFor,
  SMALL_REQUEST_BYTES,
} from './allocator-sizes';
import {
  AllocatorCounters,
  type AllocatorStats,
  type MemoryStats,
  type SegmentView,
} from './allocator-stats';
import { formatSize } from './memory-format';
import { PyError } from './errors';

export {
  LARGE_BUFFER_BYTES,
  MIN_BLOCK_BYTES,
  MIN_LARGE_ALLOC_BYTES,
  ROUND_LARGE_BYTES,
  SMALL_REQUEST_BYTES,
  SMALL_SEGMENT_BYTES,
  roundRequest,
  segmentSizeFor,
} from './allocator-sizes';
export type { AllocatorStats, BlockView, SegmentView } from './allocator-stats';

interface Block {
  id: number;
  segment: Segment;
  offset: number;
  size: number;
  allocated: boolean;
  /** Bytes asked for; 0 while free. */
  requested: number;
}

interface Segment {
  id: number;
  small: boolean;
  size: number;
  blocks: Block[];
}

/** The caching allocator of one simulated GPU. */
export class CachingAllocator {
  private segments: Segment[] = [];
  private blocks = new Map<number, Block>();
  private nextId = 1;
  private readonly counters = new AllocatorCounters();

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
      if (!this.fits(segmentBytes)) {
        this.counters.numAllocRetries++;
        this.emptyCache();
      }
      if (!this.fits(segmentBytes)) {
        this.counters.numOoms++;
        throw this.outOfMemory(segmentBytes);
      }
      block = this.newSegment(segmentBytes, small);
    }
    const found = block;
    this.tracking(found.segment, () => {
      this.split(found, rounded, small);
      found.allocated = true;
      found.requested = bytes;
    });
    this.counters.change('allocation', small, 1);
    this.counters.change('allocated_bytes', small, found.size);
    this.counters.change('requested_bytes', small, bytes);
    return found.id;
  }

  /** Frees a block; its memory stays reserved for reuse. */
  free(blockId: number | null): void {
    if (blockId === null) return;
    const block = this.blocks.get(blockId);
    if (!block || !block.allocated) return;
    const small = block.segment.small;
    this.counters.change('allocation', small, -1);
    this.counters.change('allocated_bytes', small, -block.size);
    this.counters.change('requested_bytes', small, -block.requested);
    this.tracking(block.segment, () => {
      block.allocated = false;
      block.requested = 0;
      this.merge(block);
    });
  }

  /** Returns every entirely free segment to the device, as torch.cuda.empty_cache() does. */
  emptyCache(): void {
    const keep: Segment[] = [];
    for (const segment of this.segments) {
      if (segment.blocks.every((b) => !b.allocated)) {
        for (const b of segment.blocks) this.blocks.delete(b.id);
        this.counters.change('reserved_bytes', segment.small, -segment.size);
        this.counters.change('segment', segment.small, -1);
      } else {
        keep.push(segment);
      }
    }
    this.segments = keep;
  }

  /** Starts every peak counter again from its current value (reset_peak_memory_stats). */
  resetPeak(): void {
    this.counters.resetPeaks();
  }

  /** Current counters. */
  stats(): AllocatorStats {
    const allocatedBytes = this.counters.current('allocated_bytes');
    const reservedBytes = this.counters.current('reserved_bytes');
    return {
      allocatedBytes,
      reservedBytes,
      peakAllocatedBytes: this.counters.peak('allocated_bytes'),
      peakReservedBytes: this.counters.peak('reserved_bytes'),
      cachedFreeBytes: reservedBytes - allocatedBytes,
      segments: this.segments.length,
    };
  }

  /** Every counter by pool, as torch.cuda.memory_stats() keeps them (a copy). */
  memoryStats(): MemoryStats {
    return this.counters.snapshot();
  }

  /** The segments in the order they were reserved, with their blocks (a read-only copy). */
  segmentViews(): SegmentView[] {
    return this.segments.map((segment) => ({
      id: segment.id,
      pool: segment.small ? 'small' : 'large',
      sizeBytes: segment.size,
      blocks: segment.blocks.map((b) => ({
        offsetBytes: b.offset,
        sizeBytes: b.size,
        allocated: b.allocated,
        requestedBytes: b.requested,
      })),
    }));
  }

  /** Device memory no one holds: capacity minus the context and PyTorch's reservations. */
  freeDeviceBytes(): number {
    return Math.max(0, this.capacityBytes - this.contextBytes - this.stats().reservedBytes);
  }

  private fits(segmentBytes: number): boolean {
    return segmentBytes <= this.freeDeviceBytes();
  }

  /**
   * Runs `change` on `segment` and applies the net change of its free blocks that cannot be
   * released because the segment is split (PyTorch's "non-releasable" inactive split blocks).
   */
  private tracking(segment: Segment, change: () => void): void {
    const before = inactiveSplit(segment);
    change();
    const after = inactiveSplit(segment);
    this.counters.change('inactive_split', segment.small, after.count - before.count);
    this.counters.change('inactive_split_bytes', segment.small, after.bytes - before.bytes);
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
    const block: Block = {
      id: this.nextId++,
      segment,
      offset: 0,
      size,
      allocated: false,
      requested: 0,
    };
    segment.blocks.push(block);
    this.segments.push(segment);
    this.blocks.set(block.id, block);
    this.counters.change('reserved_bytes', small, size);
    this.counters.change('segment', small, 1);
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
      requested: 0,
    };
    block.size = rounded;
    const list = block.segment.blocks;
    list.splice(list.indexOf(block) + 1, 0, remainder);
    this.blocks.set(remainder.id, remainder);
  }

  private merge(block: Block): void {
    const list = block.segment.blocks;
    const index = list.indexOf(block);
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
    }
  }

  private outOfMemory(segmentBytes: number): PyError {
    const { allocatedBytes, reservedBytes } = this.stats();
    const inUse = reservedBytes + this.contextBytes;
    return new PyError(
      'torch.OutOfMemoryError',
      `CUDA out of memory. Tried to allocate ${formatSize(segmentBytes)}. GPU ${this.deviceIndex} has a total capacity of ${formatSize(this.capacityBytes)} of which ${formatSize(this.freeDeviceBytes())} is free. Including non-PyTorch memory, this process has ${formatSize(inUse)} memory in use. Of the allocated memory ${formatSize(allocatedBytes)} is allocated by PyTorch, and ${formatSize(reservedBytes - allocatedBytes)} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)`,
      segmentBytes > this.capacityBytes - this.contextBytes
        ? 'This one tensor is bigger than the whole GPU: no amount of freeing helps. Use a smaller shape or dtype, or split the work.'
        : 'The GPU is full. Free tensors you no longer need (del x, or move them back with x = x.cpu()), use a smaller batch or a smaller dtype, or pick a GPU with more memory.',
    );
  }
}

/** Free blocks of a split segment: cached, but empty_cache() cannot return them. */
function inactiveSplit(segment: Segment): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  if (segment.blocks.length > 1) {
    for (const b of segment.blocks) {
      if (!b.allocated) {
        count++;
        bytes += b.size;
      }
    }
  }
  return { count, bytes };
}
