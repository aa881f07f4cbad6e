/**
 * Runs the events through the console's own caching-allocator model (src/torch/allocator.ts), so
 * the step-through's memory_allocated(), max_memory_allocated() and memory_reserved() after each
 * event are what the same allocator answers in the PyTorch console. An allocation the GPU cannot
 * hold ends the trace with PyTorch's out-of-memory message. Pure.
 */
import { CachingAllocator } from '../../../torch/allocator';
import { PyError } from '../../../torch';
import { TENSOR_KINDS, type TensorKind, type TensorOp, type TrainingEvent } from './event-log';

/** The counters after one event, as torch.cuda reports them. */
export interface EventCounters {
  /** memory_allocated() */
  allocatedBytes: number;
  /** max_memory_allocated() (since the last reset_peak_memory_stats()) */
  peakAllocatedBytes: number;
  /** memory_reserved() */
  reservedBytes: number;
  /** Bytes the live tensors asked for, by kind (before the allocator's rounding). */
  liveBytes: Readonly<Record<TensorKind, number>>;
}

/** Where the trace ran out of memory. */
export interface TraceOom {
  eventIndex: number;
  /** PyTorch's message (torch.OutOfMemoryError: CUDA out of memory. ...). */
  message: string;
}

/** The events with the counters after each one. */
export interface TrainingTrace {
  events: readonly TrainingEvent[];
  /** Counters after each event; on out-of-memory, the last is the failing event's. */
  counters: readonly EventCounters[];
  oom: TraceOom | null;
  /** The highest memory_allocated() over the whole trace, and the first event that reached it. */
  peak: { bytes: number; eventIndex: number };
  /** The highest memory_reserved() over the trace. */
  peakReservedBytes: number;
  capacityBytes: number;
  contextBytes: number;
}

/** An allocator with the blocks of the live tensors, by key. */
export interface AllocatorState {
  allocator: CachingAllocator;
  blocks: Map<string, number | null>;
  liveBytes: Record<TensorKind, number>;
  sizes: Map<string, { bytes: number; kind: TensorKind }>;
}

/** A fresh allocator for a GPU of `capacityBytes` with the CUDA context taken. */
export function freshState(capacityBytes: number, contextBytes: number): AllocatorState {
  const liveBytes = Object.fromEntries(TENSOR_KINDS.map((k) => [k, 0])) as Record<
    TensorKind,
    number
  >;
  return {
    allocator: new CachingAllocator(capacityBytes, contextBytes),
    blocks: new Map(),
    liveBytes,
    sizes: new Map(),
  };
}

/** Applies one operation (throws PyTorch's OutOfMemoryError as the allocator does). */
export function applyOp(state: AllocatorState, op: TensorOp): void {
  switch (op.op) {
    case 'alloc':
      state.blocks.set(op.key, state.allocator.allocate(op.bytes));
      state.sizes.set(op.key, { bytes: op.bytes, kind: op.kind });
      state.liveBytes[op.kind] += op.bytes;
      return;
    case 'free': {
      const size = state.sizes.get(op.key);
      state.allocator.free(state.blocks.get(op.key) ?? null);
      state.blocks.delete(op.key);
      state.sizes.delete(op.key);
      if (size) state.liveBytes[size.kind] -= size.bytes;
      return;
    }
    case 'empty-cache':
      state.allocator.emptyCache();
      return;
    case 'reset-peak':
      state.allocator.resetPeak();
      return;
  }
}

/** The counters of `state` now. */
function countersOf(state: AllocatorState): EventCounters {
  const stats = state.allocator.stats();
  return {
    allocatedBytes: stats.allocatedBytes,
    peakAllocatedBytes: stats.peakAllocatedBytes,
    reservedBytes: stats.reservedBytes,
    liveBytes: { ...state.liveBytes },
  };
}

/** Runs every event through a fresh allocator of the GPU's size. */
export function runTrace(
  events: readonly TrainingEvent[],
  capacityBytes: number,
  contextBytes: number,
): TrainingTrace {
  const state = freshState(capacityBytes, contextBytes);
  const counters: EventCounters[] = [];
  let oom: TraceOom | null = null;
  let peak = { bytes: 0, eventIndex: 0 };
  let peakReservedBytes = 0;
  for (const [index, event] of events.entries()) {
    try {
      for (const op of event.ops) applyOp(state, op);
    } catch (error) {
      if (!(error instanceof PyError)) throw error;
      oom = { eventIndex: index, message: error.display };
    }
    const now = countersOf(state);
    counters.push(now);
    if (now.allocatedBytes > peak.bytes) peak = { bytes: now.allocatedBytes, eventIndex: index };
    peakReservedBytes = Math.max(peakReservedBytes, now.reservedBytes);
    if (oom) break;
  }
  return { events, counters, oom, peak, peakReservedBytes, capacityBytes, contextBytes };
}

/**
 * The allocator as it stands after event `index`, replayed from the start (or onward from the
 * last call when it moves forward), for the allocator view.
 */
export class TraceReplay {
  private state: AllocatorState;
  private position = -1;

  constructor(private readonly trace: TrainingTrace) {
    this.state = freshState(trace.capacityBytes, trace.contextBytes);
  }

  /** The allocator after event `index` (clamped to the events the trace ran). */
  at(index: number): CachingAllocator {
    const target = Math.min(Math.max(index, -1), this.trace.counters.length - 1);
    if (target < this.position) {
      this.state = freshState(this.trace.capacityBytes, this.trace.contextBytes);
      this.position = -1;
    }
    while (this.position < target) {
      this.position++;
      const event = this.trace.events[this.position];
      try {
        for (const op of event?.ops ?? []) applyOp(this.state, op);
      } catch (error) {
        if (!(error instanceof PyError)) throw error;
      }
    }
    return this.state.allocator;
  }
}
