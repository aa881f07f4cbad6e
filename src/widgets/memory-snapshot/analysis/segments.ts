/**
 * What the segments hold at the snapshot: for each cudaMalloc'd segment its allocated blocks,
 * blocks waiting for another stream before they are free, and cached free space; and for all of
 * them together the totals and how scattered the free space is. Pure.
 */
import type { SnapshotSegment } from '../snapshot/types';

/** A block as the strip view draws it. */
export interface BlockView {
  offsetBytes: number;
  sizeBytes: number;
  requestedBytes: number;
  state: 'allocated' | 'pending-free' | 'free';
  stackId: number;
}

/** One segment and its sums. */
export interface SegmentView {
  device: number;
  address: number;
  totalBytes: number;
  stream: number;
  segmentType: string;
  allocatedBytes: number;
  pendingFreeBytes: number;
  freeBytes: number;
  largestFreeBytes: number;
  blocks: BlockView[];
}

/** Sums over several segments. */
export interface SegmentTotals {
  segmentCount: number;
  reservedBytes: number;
  /** Bytes in allocated blocks (requests rounded up by the allocator). */
  allocatedBytes: number;
  /** Bytes the program asked for in those blocks. */
  requestedBytes: number;
  pendingFreeBytes: number;
  /** Cached free bytes: reserved from CUDA, not allocated. */
  freeBytes: number;
  /** Separate free blocks. */
  freePieces: number;
  largestFreeBytes: number;
  /**
   * How scattered free memory is: 1 − largest free block ÷ all free bytes (0 when the free
   * memory is one piece, or none). A request larger than the largest piece needs a new segment
   * even when the free total would hold it.
   */
  fragmentation: number;
}

const STATE = {
  active_allocated: 'allocated',
  active_pending_free: 'pending-free',
  inactive: 'free',
} as const;

/** The strip view of one segment. */
export function segmentView(segment: SnapshotSegment): SegmentView {
  const sum = (state: BlockView['state']) =>
    blocks.filter((b) => b.state === state).reduce((total, b) => total + b.sizeBytes, 0);
  const blocks: BlockView[] = segment.blocks.map((b) => ({
    offsetBytes: b.address - segment.address,
    sizeBytes: b.sizeBytes,
    requestedBytes: b.requestedBytes,
    state: STATE[b.state],
    stackId: b.stackId,
  }));
  const free = blocks.filter((b) => b.state === 'free').map((b) => b.sizeBytes);
  return {
    device: segment.device,
    address: segment.address,
    totalBytes: segment.totalBytes,
    stream: segment.stream,
    segmentType: segment.segmentType,
    allocatedBytes: sum('allocated'),
    pendingFreeBytes: sum('pending-free'),
    freeBytes: sum('free'),
    largestFreeBytes: free.length > 0 ? Math.max(...free) : 0,
    blocks,
  };
}

/** Totals over `segments`. */
export function segmentTotals(segments: readonly SegmentView[]): SegmentTotals {
  let requestedBytes = 0;
  let freePieces = 0;
  for (const s of segments) {
    for (const b of s.blocks) {
      if (b.state === 'allocated') requestedBytes += b.requestedBytes;
      if (b.state === 'free') freePieces++;
    }
  }
  const add = (pick: (s: SegmentView) => number) => segments.reduce((t, s) => t + pick(s), 0);
  const freeBytes = add((s) => s.freeBytes);
  const largestFreeBytes = segments.reduce((m, s) => Math.max(m, s.largestFreeBytes), 0);
  return {
    segmentCount: segments.length,
    reservedBytes: add((s) => s.totalBytes),
    allocatedBytes: add((s) => s.allocatedBytes),
    requestedBytes,
    pendingFreeBytes: add((s) => s.pendingFreeBytes),
    freeBytes,
    freePieces,
    largestFreeBytes,
    fragmentation: freeBytes > 0 ? 1 - largestFreeBytes / freeBytes : 0,
  };
}
