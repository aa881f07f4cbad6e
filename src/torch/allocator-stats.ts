/**
 * What the caching allocator reports: the counters of torch.cuda.memory_allocated() and friends,
 * a read-only view of its segments, and the counters behind torch.cuda.memory_stats() and
 * memory_summary(), after the DeviceStats of
 * c10/cuda/CUDACachingAllocator.cpp: each metric has a current value, its peak, the total it
 * ever went up by ("allocated") and down by ("freed"), for all memory and for the small and large
 * pools apart. The model updates a metric by the net change of one allocator call, as PyTorch
 * does for the non-releasable (inactive split) counters. Pure.
 */

/** Memory counters, as torch.cuda.memory_allocated() and friends report them. */
export interface AllocatorStats {
  allocatedBytes: number;
  reservedBytes: number;
  peakAllocatedBytes: number;
  /** What torch.cuda.max_memory_reserved() reports. */
  peakReservedBytes: number;
  /** Reserved memory not handed to any tensor. */
  cachedFreeBytes: number;
  segments: number;
}

/** One block of a segment, read-only: a tensor's memory or a cached free piece. */
export interface BlockView {
  offsetBytes: number;
  sizeBytes: number;
  allocated: boolean;
  /** Bytes the tensor asked for (before rounding); 0 for a free block. */
  requestedBytes: number;
}

/** One segment (one cudaMalloc) with its blocks in address order, read-only. */
export interface SegmentView {
  id: number;
  pool: 'small' | 'large';
  sizeBytes: number;
  blocks: readonly BlockView[];
}

/** One metric: current value, peak since the last reset, and its running totals up and down. */
export interface StatCounter {
  current: number;
  peak: number;
  /** Sum of every increase (PyTorch's "allocated"). */
  allocated: number;
  /** Sum of every decrease (PyTorch's "freed"). */
  freed: number;
}

/** The pools a block can live in; `all` adds both. */
export type PoolName = 'all' | 'large_pool' | 'small_pool';

/** A metric broken down by pool. */
export type PoolStats = Readonly<Record<PoolName, Readonly<StatCounter>>>;

/**
 * The metrics the model keeps. Active memory equals allocated memory here (no streams, so no
 * block waits for another stream before it is free); memory_summary() prints it from the same
 * counters.
 */
export const STAT_KEYS = [
  'allocated_bytes',
  'requested_bytes',
  'reserved_bytes',
  'inactive_split_bytes',
  'allocation',
  'segment',
  'inactive_split',
] as const;

/** A metric's name, as in memory_stats() keys. */
export type StatKey = (typeof STAT_KEYS)[number];

/** Every counter of one allocator, as memory_stats() reports them. */
export interface MemoryStats {
  metrics: Readonly<Record<StatKey, PoolStats>>;
  /** Out-of-memory errors raised. */
  numOoms: number;
  /** Times a device allocation failed, the cache was released and the allocation retried. */
  numAllocRetries: number;
}

const POOLS: readonly PoolName[] = ['all', 'large_pool', 'small_pool'];

/** A fresh counter at zero. */
function zero(): StatCounter {
  return { current: 0, peak: 0, allocated: 0, freed: 0 };
}

/** Applies a change of `delta` to one counter. */
function apply(counter: StatCounter, delta: number): void {
  if (delta === 0) return;
  counter.current += delta;
  if (delta > 0) counter.allocated += delta;
  else counter.freed -= delta;
  counter.peak = Math.max(counter.peak, counter.current);
}

/** The mutable counters of one allocator. */
export class AllocatorCounters {
  private readonly metrics: Record<StatKey, Record<PoolName, StatCounter>>;
  numOoms = 0;
  numAllocRetries = 0;

  constructor() {
    const metrics = {} as Record<StatKey, Record<PoolName, StatCounter>>;
    for (const key of STAT_KEYS) {
      metrics[key] = { all: zero(), large_pool: zero(), small_pool: zero() };
    }
    this.metrics = metrics;
  }

  /** Changes `key` by `delta` in `pool` and in the total. */
  change(key: StatKey, small: boolean, delta: number): void {
    const stat = this.metrics[key];
    apply(stat[small ? 'small_pool' : 'large_pool'], delta);
    apply(stat.all, delta);
  }

  /** The current value of `key` over both pools. */
  current(key: StatKey): number {
    return this.metrics[key].all.current;
  }

  /** The peak of `key` over both pools. */
  peak(key: StatKey): number {
    return this.metrics[key].all.peak;
  }

  /** Starts every peak again from its current value (torch.cuda.reset_peak_memory_stats()). */
  resetPeaks(): void {
    for (const key of STAT_KEYS) {
      for (const pool of POOLS) this.metrics[key][pool].peak = this.metrics[key][pool].current;
    }
  }

  /** A copy of every counter. */
  snapshot(): MemoryStats {
    const metrics = {} as Record<StatKey, PoolStats>;
    for (const key of STAT_KEYS) {
      const stat = this.metrics[key];
      metrics[key] = {
        all: { ...stat.all },
        large_pool: { ...stat.large_pool },
        small_pool: { ...stat.small_pool },
      };
    }
    return { metrics, numOoms: this.numOoms, numAllocRetries: this.numAllocRetries };
  }
}
