/**
 * The whole analysis of a snapshot, per device, as one plain object a worker can post back:
 * the chart series, the peak and what was alive at it, the segments and their totals, and only
 * the stack traces those rows refer to. Pure.
 */
import type { MemorySnapshot, StackFrame, TraceEvent } from '../snapshot/types';
import { segmentTotals, segmentView, type SegmentTotals, type SegmentView } from './segments';
import { eventXs, thinSeries, type SeriesPoint, type XKind } from './series';
import { aliveAfter, findPeak, replayTrace } from './timeline';

/** Points the chart gets at most (about 600 buckets of low, high and last). */
export const MAX_CHART_POINTS = 1800;
/** Rows of the alive-at-peak table sent at most (the largest ones). */
export const MAX_ALIVE_ROWS = 1000;

/** An allocation alive at the peak, as the table shows it. */
export interface AliveRow {
  address: number;
  bytes: number;
  stackId: number;
  /** The x (time or event number) of its alloc; null when allocated before recording. */
  allocatedX: number | null;
}

/** How many events of each kind the trace holds. */
export interface EventCounts {
  total: number;
  allocs: number;
  frees: number;
  segmentAllocs: number;
  segmentFrees: number;
  ooms: number;
}

/** Allocated memory over time on one device. */
export interface TimelineReport {
  xKind: XKind;
  points: SeriesPoint[];
  /** The last event's x. */
  endX: number;
  startBytes: number;
  endBytes: number;
  peakBytes: number;
  peakX: number;
  aliveAtPeak: AliveRow[];
  /** All allocations alive at the peak (the table may hold only the largest). */
  aliveAtPeakCount: number;
  counts: EventCounts;
  ooms: Array<{ x: number; requestedBytes: number; deviceFreeBytes: number }>;
}

/** One device's part of the report. */
export interface DeviceReport {
  device: number;
  /** Null when the trace holds no alloc or free event (history was not recorded). */
  timeline: TimelineReport | null;
  segments: SegmentView[];
  totals: SegmentTotals;
}

/** Everything the widget shows about one file. */
export interface SnapshotReport {
  devices: DeviceReport[];
  /** Stack traces by id (0: none recorded), innermost frame first. */
  stacks: StackFrame[][];
  allocatorSettings: Array<[string, string]>;
  otherKeys: string[];
  shape: MemorySnapshot['shape'];
  /** Whether any device has a recorded history of allocations. */
  hasHistory: boolean;
}

function countEvents(events: readonly TraceEvent[]): EventCounts {
  const count = (action: TraceEvent['action']) => events.filter((e) => e.action === action).length;
  return {
    total: events.length,
    allocs: count('alloc'),
    frees: count('free_completed'),
    segmentAllocs: count('segment_alloc') + count('segment_map'),
    segmentFrees: count('segment_free') + count('segment_unmap'),
    ooms: count('oom'),
  };
}

function timelineOf(events: TraceEvent[], segments: MemorySnapshot['segments']): TimelineReport {
  const replay = replayTrace(
    events,
    segments.flatMap((s) => s.blocks),
  );
  const { peakBytes, peakEventIndex } = findPeak(replay);
  const { kind, xs } = eventXs(events);
  const xAt = (i: number | null) => (i === null || i < 0 ? 0 : (xs[i] as number));
  const alive = aliveAfter(events, replay, peakEventIndex);
  return {
    xKind: kind,
    points: thinSeries(replay.startBytes, replay.afterEventBytes, xs, MAX_CHART_POINTS),
    endX: xAt(events.length - 1),
    startBytes: replay.startBytes,
    endBytes: replay.afterEventBytes[events.length - 1] ?? replay.startBytes,
    peakBytes,
    peakX: xAt(peakEventIndex),
    aliveAtPeak: alive.slice(0, MAX_ALIVE_ROWS).map((a) => ({
      address: a.address,
      bytes: a.bytes,
      stackId: a.stackId,
      allocatedX: a.allocEventIndex === null ? null : xAt(a.allocEventIndex),
    })),
    aliveAtPeakCount: alive.length,
    counts: countEvents(events),
    ooms: events.flatMap((e, i) =>
      e.action === 'oom'
        ? [{ x: xAt(i), requestedBytes: e.sizeBytes, deviceFreeBytes: e.deviceFreeBytes ?? 0 }]
        : [],
    ),
  };
}

/** Keeps only the stacks the report refers to, renumbering them from 1 (0 stays "none"). */
function pruneStacks(devices: DeviceReport[], all: StackFrame[][]): StackFrame[][] {
  const kept: StackFrame[][] = [[]];
  const newId = new Map<number, number>([[0, 0]]);
  const remap = (id: number): number => {
    let mapped = newId.get(id);
    if (mapped === undefined) {
      mapped = kept.push(all[id] ?? []) - 1;
      newId.set(id, mapped);
    }
    return mapped;
  };
  for (const d of devices) {
    for (const row of d.timeline?.aliveAtPeak ?? []) row.stackId = remap(row.stackId);
    for (const s of d.segments) for (const b of s.blocks) b.stackId = remap(b.stackId);
  }
  return kept;
}

/** Analyses a snapshot. */
export function buildReport(snapshot: MemorySnapshot): SnapshotReport {
  const indices = new Set<number>(snapshot.segments.map((s) => s.device));
  snapshot.deviceTraces.forEach((trace, i) => trace.length > 0 && indices.add(i));
  const devices = [...indices]
    .sort((a, b) => a - b)
    .map((device): DeviceReport => {
      const segments = snapshot.segments.filter((s) => s.device === device);
      const events = snapshot.deviceTraces[device] ?? [];
      const recorded = events.some((e) => e.action === 'alloc' || e.action === 'free_completed');
      const views = segments.map(segmentView).sort((a, b) => a.address - b.address);
      return {
        device,
        timeline: recorded ? timelineOf(events, segments) : null,
        segments: views,
        totals: segmentTotals(views),
      };
    });
  return {
    devices,
    stacks: pruneStacks(devices, snapshot.stackTable.stacks),
    allocatorSettings: snapshot.allocatorSettings,
    otherKeys: snapshot.otherKeys,
    shape: snapshot.shape,
    hasHistory: devices.some((d) => d.timeline !== null),
  };
}
