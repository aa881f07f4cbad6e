/**
 * From the plain values of an unpickled file to a typed {@link MemorySnapshot}, checking the
 * shape PyTorch writes and saying clearly when the pickle is something else. Unknown keys are
 * kept by name, missing optional ones get the defaults PyTorch's own viewer uses. Pure.
 */
import { MAX_SNAPSHOT_RECORDS } from '../limits';
import { SnapshotError } from '../problem';
import { describeValue, isDict, isList, type PyDict, type PyValue } from '../pickle/values';
import { StackInterner } from './stack-table';
import type {
  BlockState,
  MemorySnapshot,
  SnapshotBlock,
  SnapshotSegment,
  TraceAction,
  TraceEvent,
} from './types';

const KNOWN_ACTIONS = new Set<string>([
  'alloc',
  'free_requested',
  'free_completed',
  'segment_alloc',
  'segment_free',
  'segment_map',
  'segment_unmap',
  'snapshot',
  'oom',
]);
const BLOCK_STATES = new Set<string>(['active_allocated', 'active_pending_free', 'inactive']);
const TOP_LEVEL_KEYS = new Set(['segments', 'device_traces', 'allocator_settings']);

/** An error for a pickle that is fine as a pickle but is not a memory snapshot. */
function notSnapshot(message: string): SnapshotError {
  return new SnapshotError({ kind: 'not-snapshot', message });
}

/** An error for a snapshot with a damaged part. */
function badPart(where: string, what: string): SnapshotError {
  return new SnapshotError({
    kind: 'malformed',
    message: `The snapshot is damaged: ${where} ${what}.`,
  });
}

/**
 * Refuses a snapshot holding more than MAX_SNAPSHOT_RECORDS blocks and events, counted before
 * any is read (a list reused through the pickle memo counts each time it appears).
 */
function checkRecordCount(segments: readonly PyValue[], traces: PyValue | undefined): void {
  let records = 0;
  for (const s of segments) {
    const blocks = isDict(s) ? s.get('blocks') : undefined;
    if (isList(blocks)) records += blocks.length;
  }
  if (isList(traces)) for (const t of traces) if (isList(t)) records += t.length;
  if (records > MAX_SNAPSHOT_RECORDS) {
    throw new SnapshotError({
      kind: 'limit',
      message:
        `The snapshot holds ${records.toLocaleString('en-US')} blocks and trace events (its ` +
        'pickle reuses the same lists many times), more than the ' +
        `${MAX_SNAPSHOT_RECORDS.toLocaleString('en-US')} this page reads. A real snapshot of a ` +
        'size this page opens holds fewer.',
    });
  }
}

/** A number (or an integer too large for a double, rounded) from a dict, or `fallback`. */
function numberAt(dict: PyDict, key: string, where: string, fallback?: number): number {
  const value = dict.get(key);
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  throw badPart(where, `has no number "${key}" (it holds ${describeValue(value ?? null)})`);
}

/** A size in bytes: a number that is not negative. */
function bytesAt(dict: PyDict, key: string, where: string, fallback?: number): number {
  const value = numberAt(dict, key, where, fallback);
  if (value < 0) throw badPart(where, `gives a negative size "${key}" (${value})`);
  return value;
}

/** Reads a pickled snapshot; throws a SnapshotError naming what is wrong. */
export function readSnapshot(root: PyValue): MemorySnapshot {
  const stacks = new StackInterner();
  if (isList(root)) {
    if (root.length > 0 && !root.every((s) => isDict(s) && s.has('blocks'))) {
      throw notSnapshot(
        `The pickle holds ${describeValue(root)}, not a memory snapshot: a snapshot is a dict ` +
          'with "segments" and "device_traces", written by torch.cuda.memory._dump_snapshot().',
      );
    }
    checkRecordCount(root, undefined);
    return {
      segments: root.map((s, i) => readSegment(s as PyDict, i, stacks)),
      deviceTraces: [],
      stackTable: stacks.table(),
      allocatorSettings: [],
      otherKeys: [],
      shape: 'segment-list',
    };
  }
  if (!isDict(root)) {
    throw notSnapshot(
      `The pickle holds ${describeValue(root)}, not a memory snapshot (a dict with "segments" ` +
        'and "device_traces", written by torch.cuda.memory._dump_snapshot()).',
    );
  }
  const segments = root.get('segments');
  if (!isList(segments)) {
    throw notSnapshot(
      `The pickle holds ${describeValue(root)}, without the "segments" list every memory ` +
        'snapshot has: it is some other pickled data.',
    );
  }
  checkRecordCount(segments, root.get('device_traces'));
  return {
    segments: segments.map((s, i) => {
      if (!isDict(s)) throw badPart(`segment ${i}`, `is ${describeValue(s)}, not a dict`);
      return readSegment(s, i, stacks);
    }),
    deviceTraces: readTraces(root.get('device_traces'), stacks),
    stackTable: stacks.table(),
    allocatorSettings: readSettings(root.get('allocator_settings')),
    otherKeys: [...root.keys()].map(String).filter((k) => !TOP_LEVEL_KEYS.has(k)),
    shape: 'snapshot-dict',
  };
}

function readSegment(seg: PyDict, index: number, stacks: StackInterner): SnapshotSegment {
  const where = `segment ${index}`;
  const address = numberAt(seg, 'address', where);
  const blocks = seg.get('blocks');
  if (!isList(blocks)) throw badPart(where, 'has no "blocks" list');
  let next = address;
  const read = blocks.map((b, i) => {
    if (!isDict(b)) throw badPart(`${where}, block ${i}`, 'is not a dict');
    const block = readBlock(b, next, `${where}, block ${i}`, stacks);
    next = block.address + block.sizeBytes;
    return block;
  });
  const type = seg.get('segment_type');
  return {
    device: numberAt(seg, 'device', where, 0),
    address,
    totalBytes: bytesAt(seg, 'total_size', where),
    stream: numberAt(seg, 'stream', where, 0),
    segmentType: typeof type === 'string' ? type : '',
    blocks: read,
  };
}

function readBlock(
  block: PyDict,
  nextAddress: number,
  where: string,
  stacks: StackInterner,
): SnapshotBlock {
  const sizeBytes = bytesAt(block, 'size', where);
  const state = block.get('state');
  if (typeof state !== 'string' || !BLOCK_STATES.has(state)) {
    throw badPart(where, `has an unknown state (${describeValue(state ?? null)})`);
  }
  // Snapshots from before PyTorch 2.1 kept the frames and size in a "history" list.
  const history = block.get('history');
  const first = isList(history) && isDict(history[0]) ? history[0] : null;
  const frames = block.has('frames') ? block.get('frames') : first?.get('frames');
  const legacyRequested = first ? bytesAt(first, 'real_size', where, sizeBytes) : sizeBytes;
  return {
    address: numberAt(block, 'address', where, nextAddress),
    sizeBytes,
    requestedBytes: bytesAt(block, 'requested_size', where, legacyRequested),
    state: state as BlockState,
    stackId: stacks.idOf(frames),
  };
}

function readTraces(value: PyValue | undefined, stacks: StackInterner): TraceEvent[][] {
  if (value === undefined || value === null) return [];
  if (!isList(value)) throw badPart('"device_traces"', 'is not a list');
  return value.map((trace, device) => {
    if (!isList(trace)) throw badPart(`the trace of device ${device}`, 'is not a list');
    return trace.map((e, i) => {
      const where = `event ${i} of device ${device}`;
      if (!isDict(e)) throw badPart(where, 'is not a dict');
      return readEvent(e, where, stacks);
    });
  });
}

function readEvent(event: PyDict, where: string, stacks: StackInterner): TraceEvent {
  const action = event.get('action');
  if (typeof action !== 'string') throw badPart(where, 'has no "action"');
  const known = KNOWN_ACTIONS.has(action) ? (action as TraceAction) : 'other';
  const time = event.get('time_us');
  return {
    action: known,
    addr: numberAt(event, 'addr', where, 0),
    sizeBytes: bytesAt(event, 'size', where, 0),
    stream: numberAt(event, 'stream', where, 0),
    timeMicroseconds: typeof time === 'number' && Number.isFinite(time) ? time : null,
    deviceFreeBytes: known === 'oom' ? numberAt(event, 'device_free', where, 0) : null,
    stackId: stacks.idOf(event.get('frames')),
  };
}

/** The allocator settings as text pairs, nested dicts flattened ("roundup_power2_divisions.1"). */
function readSettings(value: PyValue | undefined): Array<[string, string]> {
  if (!isDict(value)) return [];
  const pairs: Array<[string, string]> = [];
  for (const [key, v] of value) {
    if (isDict(v)) {
      for (const [inner, w] of v) pairs.push([`${String(key)}.${String(inner)}`, textOf(w)]);
    } else {
      pairs.push([String(key), textOf(v)]);
    }
  }
  return pairs.slice(0, 50);
}

function textOf(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  return describeValue(value);
}
