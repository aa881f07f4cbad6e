/**
 * A timeline of copies and kernels on CUDA-style streams, showing what overlaps and what
 * serialises. The rules, simplified from CUDA's:
 * - The host issues ops in list order. Kernels and pinned copies are asynchronous: the host
 *   moves on at once (the host-side cost of issuing them is ignored).
 * - Ops on one stream run one after another, in order.
 * - The GPU has one compute engine (one kernel at a time: a large kernel fills the GPU) and one
 *   copy engine per direction, each serving its ops in issue order.
 * - Stream 0 is the legacy default stream: its ops wait for everything issued before them on
 *   every stream, and everything issued after them waits for them.
 * - A pageable copy behaves like a synchronous copy on the default stream and also blocks the
 *   host until it ends, so nothing overlaps it.
 * - A host sync waits for all issued work; the host issues nothing until then.
 * So copies overlap kernels only when they are pinned and on a stream other than 0.
 */
import { KERNEL_KINDS, type KernelDescriptor } from './descriptor';
import { getGpu } from '../catalog/hardware';
import type { GpuId } from '../catalog/gpus';
import { predictKernel } from './kernel';
import { TRANSFER_DIRECTIONS, type TransferDirection } from '../catalog/links';
import { predictTransfer } from './transfer';
import { finiteResult, requireNonNegativeInteger, requireOneOf } from './validate';

/** One operation issued by the host. */
export type StreamOp =
  | {
      kind: 'copy';
      stream: number;
      direction: TransferDirection;
      bytes: number;
      pinned: boolean;
      label?: string;
    }
  | { kind: 'kernel'; stream: number; descriptor: KernelDescriptor; label?: string }
  | { kind: 'host-sync'; label?: string };

/** The hardware queue an event occupies. */
export type TimelineEngine = 'copy-h2d' | 'copy-d2h' | 'compute' | 'host';

/** Why an event could not start as soon as the host issued it. */
export type WaitReason = 'stream-order' | 'engine-busy' | 'default-stream' | 'host-blocked';

/** One op placed on the timeline. */
export interface TimelineEvent {
  /** Position of the op in the input list. */
  index: number;
  label: string;
  kind: StreamOp['kind'];
  /** The op's stream; null for a host sync. */
  stream: number | null;
  engine: TimelineEngine;
  startSeconds: number;
  endSeconds: number;
  seconds: number;
  /** What held the start back, or null when it started at time 0. */
  waitedFor: WaitReason | null;
  /** Indices of the events that run during part of this one. */
  overlapsWith: number[];
}

/** A scheduled list of ops. */
export interface Timeline {
  gpu: GpuId;
  events: TimelineEvent[];
  /** When the last event ends. */
  seconds: number;
  /** Sum of every event's duration: the time if nothing overlapped. */
  serialSeconds: number;
  /** serialSeconds minus seconds: the time overlap saved. */
  overlapSavedSeconds: number;
}

const OP_KINDS = ['copy', 'kernel', 'host-sync'] as const;

interface SchedulerState {
  hostSeconds: number;
  /** Ops issued later may not start before this (set by default-stream ops). */
  barrierSeconds: number;
  /** End of the latest-ending op issued so far. */
  issuedEndSeconds: number;
  streamReady: Map<number, number>;
  engineReady: Record<TimelineEngine, number>;
}

/** Schedules `ops` on the GPU `gpu` and reports when each runs and what overlaps. */
export function buildTimeline(input: { gpu: string; ops: readonly StreamOp[] }): Timeline {
  const gpu = getGpu(input.gpu);
  if (!Array.isArray(input.ops))
    throw new RangeError(`ops must be an array, got ${String(input.ops)}`);
  const state: SchedulerState = {
    hostSeconds: 0,
    barrierSeconds: 0,
    issuedEndSeconds: 0,
    streamReady: new Map(),
    engineReady: { 'copy-h2d': 0, 'copy-d2h': 0, compute: 0, host: 0 },
  };
  const placed = input.ops.map((op, index) => place(gpu.id, op, index, state));
  const events = placed.map((event) => ({ ...event, overlapsWith: overlapping(event, placed) }));
  const seconds = events.reduce((latest, e) => Math.max(latest, e.endSeconds), 0);
  const serialSeconds = events.reduce((sum, e) => sum + e.seconds, 0);
  return {
    gpu: gpu.id,
    events,
    seconds: finiteResult('timeline seconds', seconds),
    serialSeconds: finiteResult('timeline serial seconds', serialSeconds),
    overlapSavedSeconds: Math.max(0, serialSeconds - seconds),
  };
}

type PlacedEvent = Omit<TimelineEvent, 'overlapsWith'>;

function place(gpuId: GpuId, op: StreamOp, index: number, state: SchedulerState): PlacedEvent {
  const name = `ops[${index}]`;
  if (typeof op !== 'object' || op === null)
    throw new RangeError(`${name} must be an object, got ${String(op)}`);
  requireOneOf(`${name}.kind`, op.kind, OP_KINDS);
  if (op.label !== undefined && typeof op.label !== 'string') {
    throw new RangeError(`${name}.label must be a string, got ${String(op.label)}`);
  }
  if (op.kind === 'host-sync') {
    const at = Math.max(state.hostSeconds, state.issuedEndSeconds);
    const waitedFor = at > state.hostSeconds ? 'default-stream' : null;
    state.hostSeconds = at;
    return {
      index,
      label: op.label ?? 'host sync',
      kind: op.kind,
      stream: null,
      engine: 'host',
      startSeconds: at,
      endSeconds: at,
      seconds: 0,
      waitedFor,
    };
  }
  requireNonNegativeInteger(`${name}.stream`, op.stream);
  const work = opWork(gpuId, op, name);
  const synchronous = op.stream === 0 || work.blocksHost;
  const candidates: Array<[number, WaitReason]> = [
    [state.streamReady.get(op.stream) ?? 0, 'stream-order'],
    [state.engineReady[work.engine], 'engine-busy'],
    [synchronous ? state.issuedEndSeconds : state.barrierSeconds, 'default-stream'],
    [state.hostSeconds, 'host-blocked'],
  ];
  const [startSeconds, reason] = candidates.reduce((best, c) => (c[0] > best[0] ? c : best));
  const endSeconds = startSeconds + work.seconds;
  state.streamReady.set(op.stream, endSeconds);
  state.engineReady[work.engine] = endSeconds;
  state.issuedEndSeconds = Math.max(state.issuedEndSeconds, endSeconds);
  if (synchronous) state.barrierSeconds = Math.max(state.barrierSeconds, endSeconds);
  if (work.blocksHost) state.hostSeconds = endSeconds;
  return {
    index,
    label: op.label ?? work.label,
    kind: op.kind,
    stream: op.stream,
    engine: work.engine,
    startSeconds,
    endSeconds,
    seconds: work.seconds,
    waitedFor: startSeconds > 0 ? reason : null,
  };
}

function opWork(
  gpuId: GpuId,
  op: Exclude<StreamOp, { kind: 'host-sync' }>,
  name: string,
): { seconds: number; engine: TimelineEngine; blocksHost: boolean; label: string } {
  if (op.kind === 'kernel') {
    if (typeof op.descriptor !== 'object' || op.descriptor === null) {
      throw new RangeError(
        `${name}.descriptor must be a kernel descriptor, got ${String(op.descriptor)}`,
      );
    }
    requireOneOf(`${name}.descriptor.kind`, op.descriptor.kind, KERNEL_KINDS);
    const prediction = predictKernel(gpuId, op.descriptor);
    return {
      seconds: prediction.seconds,
      engine: 'compute',
      blocksHost: false,
      label: op.descriptor.name,
    };
  }
  requireOneOf(`${name}.direction`, op.direction, TRANSFER_DIRECTIONS);
  const prediction = predictTransfer({
    gpu: gpuId,
    bytes: op.bytes,
    direction: op.direction,
    pinned: op.pinned,
  });
  return {
    seconds: prediction.seconds,
    engine: op.direction === 'h2d' ? 'copy-h2d' : 'copy-d2h',
    blocksHost: !op.pinned,
    label: `${op.direction} ${op.bytes} B${op.pinned ? ' pinned' : ' pageable'}`,
  };
}

function overlapping(event: PlacedEvent, all: readonly PlacedEvent[]): number[] {
  return all
    .filter(
      (other) =>
        other.index !== event.index &&
        other.startSeconds < event.endSeconds &&
        event.startSeconds < other.endSeconds,
    )
    .map((other) => other.index);
}
