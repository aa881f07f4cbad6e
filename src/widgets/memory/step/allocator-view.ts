/**
 * What the caching-allocator view shows, from the allocator's read-only segments: each pool
 * (small: 2 MiB segments for requests up to 1 MiB; large: the rest) with its segments as bars of
 * pieces (a tensor's requested bytes, the unused tail of its block, free-but-cached blocks), how
 * fragmented the cached memory is, and what torch.cuda.empty_cache() would return to the driver
 * (only segments with no tensor left) and what it cannot (free blocks inside segments that still
 * hold a tensor). Pure.
 */
import type { SegmentView } from '../../../torch/allocator';

/** A piece of a segment bar. */
export interface SegmentPiece {
  kind: 'tensor' | 'tail' | 'free';
  offsetBytes: number;
  sizeBytes: number;
}

/** One segment as a bar. */
export interface SegmentBar {
  id: number;
  sizeBytes: number;
  pieces: SegmentPiece[];
  /** No tensor left in it: empty_cache() would return it. */
  wholeFree: boolean;
}

/** One pool's segments and totals. */
export interface PoolView {
  pool: 'small' | 'large';
  /**
   * The segments drawn, in the order they were reserved: at most `maxBars`, those with free
   * memory in them first (they show what is cached), then full ones.
   */
  bars: SegmentBar[];
  /** Segments not drawn, and their bytes. */
  hiddenSegments: number;
  hiddenBytes: number;
  segments: number;
  reservedBytes: number;
  /** Bytes of blocks holding tensors (rounded sizes), as memory_allocated() counts them. */
  allocatedBytes: number;
  /** Bytes the tensors asked for. */
  requestedBytes: number;
  /** Reserved bytes in free blocks. */
  cachedFreeBytes: number;
  freeBlocks: number;
  largestFreeBlockBytes: number;
  /** Free bytes in segments with no tensor: what empty_cache() returns. */
  releasableBytes: number;
  releasableSegments: number;
}

/** Both pools and what empty_cache() would do. */
export interface AllocatorViewModel {
  small: PoolView;
  large: PoolView;
  /** What empty_cache() would hand back to the driver now. */
  emptyCacheReturnsBytes: number;
  /** Cached free memory empty_cache() cannot return (PyTorch's "non-releasable memory"). */
  emptyCacheKeepsBytes: number;
  /**
   * Share of the cached free memory outside the largest free block, 0 to 1: how far the free
   * memory is from being one piece (0 when nothing is free).
   */
  fragmentation: number;
  largestFreeBlockBytes: number;
  cachedFreeBytes: number;
}

/** Bars drawn per pool by default. */
export const MAX_BARS = 24;

/** The bar of one segment. */
function barOf(segment: SegmentView): SegmentBar {
  const pieces: SegmentPiece[] = [];
  for (const block of segment.blocks) {
    if (!block.allocated) {
      pieces.push({ kind: 'free', offsetBytes: block.offsetBytes, sizeBytes: block.sizeBytes });
      continue;
    }
    const used = Math.min(block.requestedBytes, block.sizeBytes);
    pieces.push({ kind: 'tensor', offsetBytes: block.offsetBytes, sizeBytes: used });
    if (block.sizeBytes > used) {
      pieces.push({
        kind: 'tail',
        offsetBytes: block.offsetBytes + used,
        sizeBytes: block.sizeBytes - used,
      });
    }
  }
  return {
    id: segment.id,
    sizeBytes: segment.sizeBytes,
    pieces,
    wholeFree: segment.blocks.every((b) => !b.allocated),
  };
}

/** The segments to draw: those with free blocks first, then full ones, in reservation order. */
function drawn(segments: readonly SegmentView[], maxBars: number): SegmentView[] {
  const withFree = segments.filter((s) => s.blocks.some((b) => !b.allocated));
  const full = segments.filter((s) => s.blocks.every((b) => b.allocated));
  const chosen = new Set([...withFree, ...full].slice(0, maxBars));
  return segments.filter((s) => chosen.has(s));
}

/** One pool's view. */
function poolView(pool: 'small' | 'large', all: readonly SegmentView[], maxBars: number): PoolView {
  const segments = all.filter((s) => s.pool === pool);
  const shown = drawn(segments, maxBars);
  const shownBytes = shown.reduce((sum, s) => sum + s.sizeBytes, 0);
  const view: PoolView = {
    pool,
    bars: shown.map(barOf),
    hiddenSegments: segments.length - shown.length,
    hiddenBytes: 0,
    segments: segments.length,
    reservedBytes: 0,
    allocatedBytes: 0,
    requestedBytes: 0,
    cachedFreeBytes: 0,
    freeBlocks: 0,
    largestFreeBlockBytes: 0,
    releasableBytes: 0,
    releasableSegments: 0,
  };
  for (const segment of segments) {
    view.reservedBytes += segment.sizeBytes;
    if (segment.blocks.every((b) => !b.allocated)) {
      view.releasableBytes += segment.sizeBytes;
      view.releasableSegments++;
    }
    for (const block of segment.blocks) {
      if (block.allocated) {
        view.allocatedBytes += block.sizeBytes;
        view.requestedBytes += block.requestedBytes;
      } else {
        view.cachedFreeBytes += block.sizeBytes;
        view.freeBlocks++;
        view.largestFreeBlockBytes = Math.max(view.largestFreeBlockBytes, block.sizeBytes);
      }
    }
  }
  view.hiddenBytes = view.reservedBytes - shownBytes;
  return view;
}

/** The view of an allocator's segments. */
export function allocatorView(
  segments: readonly SegmentView[],
  maxBars = MAX_BARS,
): AllocatorViewModel {
  const small = poolView('small', segments, maxBars);
  const large = poolView('large', segments, maxBars);
  const cachedFreeBytes = small.cachedFreeBytes + large.cachedFreeBytes;
  const largestFreeBlockBytes = Math.max(small.largestFreeBlockBytes, large.largestFreeBlockBytes);
  const emptyCacheReturnsBytes = small.releasableBytes + large.releasableBytes;
  return {
    small,
    large,
    emptyCacheReturnsBytes,
    emptyCacheKeepsBytes: cachedFreeBytes - emptyCacheReturnsBytes,
    fragmentation: cachedFreeBytes > 0 ? 1 - largestFreeBlockBytes / cachedFreeBytes : 0,
    largestFreeBlockBytes,
    cachedFreeBytes,
  };
}
