import { describe, expect, it } from 'vitest';
import type { SnapshotBlock, TraceAction, TraceEvent } from '../snapshot/types';
import { aliveAfter, findPeak, replayTrace } from './timeline';

const ev = (action: TraceAction, addr: number, sizeBytes: number, stackId = 0): TraceEvent => ({
  action,
  addr,
  sizeBytes,
  stream: 0,
  timeMicroseconds: null,
  deviceFreeBytes: null,
  stackId,
});
const kept = (address: number, requestedBytes: number, stackId = 0): SnapshotBlock => ({
  address,
  sizeBytes: requestedBytes,
  requestedBytes,
  state: 'active_allocated',
  stackId,
});

describe('replaying a trace', () => {
  it('keeps memory allocated until its free completes, not when the free is requested', () => {
    const events = [
      ev('alloc', 1, 100),
      ev('free_requested', 1, 100),
      ev('free_completed', 1, 100),
    ];
    const replay = replayTrace(events, []);
    expect([...replay.afterEventBytes]).toEqual([100, 100, 0]);
    expect(findPeak(replay)).toEqual({ peakBytes: 100, peakEventIndex: 0 });
  });

  it('counts memory allocated before recording from the start', () => {
    // Block 9 was allocated before recording and freed in it; block 50 is still allocated at the
    // snapshot and never appears in the trace; block 2 is allocated in the trace and kept.
    const events = [ev('alloc', 2, 30, 7), ev('free_completed', 9, 40, 8), ev('alloc', 3, 100)];
    const replay = replayTrace(events, [kept(2, 30), kept(50, 5, 4), kept(3, 100)]);
    expect(replay.startBytes).toBe(45);
    expect([...replay.afterEventBytes]).toEqual([75, 35, 135]);
    const { peakBytes, peakEventIndex } = findPeak(replay);
    expect([peakBytes, peakEventIndex]).toEqual([135, 2]);
    expect(aliveAfter(events, replay, peakEventIndex).map((a) => [a.address, a.bytes])).toEqual([
      [3, 100],
      [2, 30],
      [50, 5],
    ]);
    // Before block 9 was freed it was alive, with the stack of where it was freed.
    expect(aliveAfter(events, replay, 0)).toEqual([
      { address: 9, bytes: 40, stackId: 8, allocEventIndex: null },
      { address: 2, bytes: 30, stackId: 7, allocEventIndex: 0 },
      { address: 50, bytes: 5, stackId: 4, allocEventIndex: null },
    ]);
  });

  it('follows an address reused by a later allocation', () => {
    const events = [
      ev('alloc', 1, 10),
      ev('free_completed', 1, 10),
      ev('alloc', 1, 70),
      ev('snapshot', 0, 0),
    ];
    const replay = replayTrace(events, [kept(1, 70)]);
    expect(replay.startBytes).toBe(0);
    expect([...replay.afterEventBytes]).toEqual([10, 0, 70, 70]);
    expect(aliveAfter(events, replay, 3)).toEqual([
      { address: 1, bytes: 70, stackId: 0, allocEventIndex: 2 },
    ]);
  });

  it('puts the peak at the start when nothing in the trace goes above it', () => {
    const events = [ev('free_completed', 5, 64)];
    const replay = replayTrace(events, []);
    expect(findPeak(replay)).toEqual({ peakBytes: 64, peakEventIndex: -1 });
    expect(aliveAfter(events, replay, -1)).toHaveLength(1);
  });
});
