/**
 * Allocated memory over time from a device's recorded trace: replaying alloc and free_completed
 * events as PyTorch's own viewer does (memory stays allocated until its free completes), with
 * the memory allocated before recording began counted from the start. Finds the peak and what
 * was alive at it. Sizes are the bytes the program requested. Pure.
 */
import type { SnapshotBlock, TraceEvent } from '../snapshot/types';

/** An allocation alive at some moment. */
export interface AliveAllocation {
  address: number;
  bytes: number;
  /** Where it was allocated; for memory allocated before recording, where it was freed. */
  stackId: number;
  /** Index of its alloc event; null when it was allocated before recording began. */
  allocEventIndex: number | null;
}

/** The result of replaying one trace. */
export interface Replay {
  /** Allocated bytes before the first event (memory from before recording). */
  startBytes: number;
  /** Allocated bytes after each event. */
  afterEventBytes: Float64Array;
  /** Allocations freed in the trace but never allocated in it: alive from the start. */
  preexistingFreed: Array<AliveAllocation & { freeEventIndex: number }>;
  /** Blocks allocated at the snapshot that the trace never allocated: alive throughout. */
  preexistingKept: AliveAllocation[];
}

type Live = Map<number, AliveAllocation>;

/** Applies event `i` to `live`; returns the change in allocated bytes. */
function apply(event: TraceEvent, i: number, live: Live, onUnmatched?: () => void): number {
  if (event.action === 'alloc') {
    const replaced = live.get(event.addr);
    live.set(event.addr, {
      address: event.addr,
      bytes: event.sizeBytes,
      stackId: event.stackId,
      allocEventIndex: i,
    });
    return event.sizeBytes - (replaced?.bytes ?? 0);
  }
  if (event.action === 'free_completed') {
    const freed = live.get(event.addr);
    if (freed) {
      live.delete(event.addr);
      return -freed.bytes;
    }
    onUnmatched?.();
    return -event.sizeBytes;
  }
  return 0;
}

/** Replays `events` against the blocks still allocated at the snapshot (`endBlocks`). */
export function replayTrace(events: readonly TraceEvent[], endBlocks: readonly SnapshotBlock[]) {
  const live: Live = new Map();
  const deltas = new Float64Array(events.length);
  const preexistingFreed: Replay['preexistingFreed'] = [];
  events.forEach((event, i) => {
    deltas[i] = apply(event, i, live, () =>
      preexistingFreed.push({
        address: event.addr,
        bytes: event.sizeBytes,
        stackId: event.stackId,
        allocEventIndex: null,
        freeEventIndex: i,
      }),
    );
  });
  const preexistingKept = endBlocks
    .filter((b) => b.state === 'active_allocated' && !live.has(b.address))
    .map((b) => ({
      address: b.address,
      bytes: b.requestedBytes,
      stackId: b.stackId,
      allocEventIndex: null,
    }));
  const sum = (list: AliveAllocation[]) => list.reduce((total, a) => total + a.bytes, 0);
  const startBytes = sum(preexistingFreed) + sum(preexistingKept);
  let running = startBytes;
  const afterEventBytes = new Float64Array(events.length);
  for (let i = 0; i < events.length; i++) {
    running += deltas[i] as number;
    afterEventBytes[i] = running;
  }
  return { startBytes, afterEventBytes, preexistingFreed, preexistingKept } satisfies Replay;
}

/** The highest allocated total and the event after which it was first reached (-1: the start). */
export function findPeak(replay: Replay): { peakBytes: number; peakEventIndex: number } {
  let peakBytes = replay.startBytes;
  let peakEventIndex = -1;
  replay.afterEventBytes.forEach((bytes, i) => {
    if (bytes > peakBytes) {
      peakBytes = bytes;
      peakEventIndex = i;
    }
  });
  return { peakBytes, peakEventIndex };
}

/** Every allocation alive just after event `eventIndex` (-1: before the first), largest first. */
export function aliveAfter(
  events: readonly TraceEvent[],
  replay: Replay,
  eventIndex: number,
): AliveAllocation[] {
  const live: Live = new Map();
  for (let i = 0; i <= eventIndex && i < events.length; i++) {
    apply(events[i] as TraceEvent, i, live);
  }
  const stillThere = replay.preexistingFreed
    .filter((a) => a.freeEventIndex > eventIndex)
    .map(({ freeEventIndex: _done, ...alive }) => alive);
  return [...live.values(), ...stillThere, ...replay.preexistingKept].sort(
    (a, b) => b.bytes - a.bytes || a.address - b.address,
  );
}
