/**
 * The timeline's lanes: one per CPU thread (its ops and annotations, nested ops on rows below
 * their parent) and one per GPU stream (its kernels, copies and sets), each sorted by start, in
 * typed arrays the worker can hand to the page without copying. Times in µs from the trace's
 * start. Pure.
 */
import { KIND, type EventColumns } from '../read/event-table';
import { threadId } from './tables';

/** Rows of nesting drawn in a CPU lane; deeper ops are left out of the picture. */
export const MAX_LANE_ROWS = 4;

/** One lane of the timeline. */
export interface Lane {
  label: string;
  kind: 'cpu' | 'gpu';
  /** Rows used (1 for a GPU stream). */
  rows: number;
  startUs: Float64Array;
  durationUs: Float64Array;
  /** Index into the report's names. */
  name: Int32Array;
  row: Uint8Array;
}

const CPU_KINDS = new Set<number>([KIND.cpu_op, KIND.user_annotation]);
const GPU_KINDS = new Set<number>([KIND.kernel, KIND.gpu_memcpy, KIND.gpu_memset]);

/** The lanes of a trace whose span starts at `originUs`: CPU threads first, then GPU streams. */
export function buildLanes(events: EventColumns, originUs: number): Lane[] {
  const cpu = new Map<number, number[]>();
  const gpu = new Map<number, number[]>();
  for (let i = 0; i < events.count; i += 1) {
    const k = events.kind[i] ?? -1;
    if (CPU_KINDS.has(k)) push(cpu, events.thread[i] ?? 0, i);
    else if (GPU_KINDS.has(k)) push(gpu, events.thread[i] ?? 0, i);
  }
  const lanes: Lane[] = [];
  const byLabel = (a: [string, number[]], b: [string, number[]]) =>
    a[0].localeCompare(b[0], 'en', { numeric: true });
  const threads = [...cpu].map(([t, list]): [string, number[]] => [
    threadId(events.threads[t] ?? ''),
    list,
  ]);
  for (const [thread, list] of threads.sort(byLabel)) {
    lanes.push(laneOf(events, list, originUs, `CPU thread ${thread}`, 'cpu'));
  }
  const streams = [...gpu].map(([t, list]): [string, number[]] => {
    const label = events.threads[t] ?? '';
    const slash = label.indexOf('/');
    return [`GPU ${label.slice(0, slash)} stream ${label.slice(slash + 1)}`, list];
  });
  for (const [label, list] of streams.sort(byLabel)) {
    lanes.push(laneOf(events, list, originUs, label, 'gpu'));
  }
  return lanes;
}

function push<K>(map: Map<K, number[]>, key: K, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}

function laneOf(
  events: EventColumns,
  list: number[],
  originUs: number,
  label: string,
  kind: Lane['kind'],
): Lane {
  const start = (i: number) => events.startUs[i] ?? 0;
  const end = (i: number) => start(i) + (events.durationUs[i] ?? 0);
  list.sort((a, b) => start(a) - start(b) || end(b) - end(a));
  const kept: number[] = [];
  const rows: number[] = [];
  const open: number[] = []; // end times of the ops enclosing the current one
  let maxRow = 0;
  for (const i of list) {
    if (kind === 'gpu') {
      kept.push(i);
      rows.push(0);
      continue;
    }
    while (open.length > 0 && (open[open.length - 1] ?? 0) <= start(i)) open.pop();
    const row = open.length;
    open.push(end(i));
    if (row >= MAX_LANE_ROWS) continue;
    kept.push(i);
    rows.push(row);
    maxRow = Math.max(maxRow, row);
  }
  return {
    label,
    kind,
    rows: maxRow + 1,
    startUs: Float64Array.from(kept, (i) => start(i) - originUs),
    durationUs: Float64Array.from(kept, (i) => events.durationUs[i] ?? 0),
    name: Int32Array.from(kept, (i) => events.name[i] ?? 0),
    row: Uint8Array.from(rows),
  };
}
