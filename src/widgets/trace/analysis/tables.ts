/**
 * The tables of a trace, as torch.profiler's `key_averages().table()` sorts them: kernels by
 * total GPU time, top-level CPU ops per thread by total time, and the copies between host and
 * GPU with their direction and size. Times in µs. Pure.
 */
import { KIND, type EventColumns } from '../read/event-table';
import { kernelClass, type KernelClass } from './kernel-class';

/** One kernel name's totals. */
export interface KernelRow {
  name: string;
  calls: number;
  totalUs: number;
  meanUs: number;
  /** Share of all kernel time. */
  share: number;
  family: KernelClass;
}

/** One top-level CPU op's totals on one thread. */
export interface CpuOpRow {
  name: string;
  /** The trace's thread id. */
  thread: string;
  calls: number;
  totalUs: number;
  meanUs: number;
}

/** Which way a copy went, from its name ("Memcpy HtoD (Pinned -> Device)"). */
export type CopyDirection = 'HtoD' | 'DtoH' | 'DtoD' | 'HtoH' | 'PtoP' | 'other';

/** One direction's copies. */
export interface CopyRow {
  direction: CopyDirection;
  /** The name of the longest copy this way (it says pinned or pageable). */
  example: string;
  calls: number;
  totalUs: number;
  longestUs: number;
  /** Bytes moved, when the trace records them (NaN when it does not). */
  bytes: number;
}

/** The direction of a copy named as the profiler names them. */
export function copyDirection(name: string): CopyDirection {
  const m = /\b(HtoD|DtoH|DtoD|HtoH|PtoP)\b/.exec(name);
  return (m?.[1] as CopyDirection | undefined) ?? 'other';
}

/** The kernels grouped by name, longest total first; `limit` rows at most. */
export function topKernels(
  events: EventColumns,
  kernels: readonly number[],
  limit: number,
): KernelRow[] {
  const byName = new Map<number, { calls: number; totalUs: number }>();
  let allUs = 0;
  for (const i of kernels) {
    const id = events.name[i] ?? -1;
    const d = events.durationUs[i] ?? 0;
    const row = byName.get(id) ?? { calls: 0, totalUs: 0 };
    row.calls += 1;
    row.totalUs += d;
    allUs += d;
    byName.set(id, row);
  }
  return [...byName]
    .map(([id, r]) => {
      const name = events.names[id] ?? '';
      const share = allUs > 0 ? r.totalUs / allUs : 0;
      return { name, ...r, meanUs: r.totalUs / r.calls, share, family: kernelClass(name) };
    })
    .sort((a, b) => b.totalUs - a.totalUs)
    .slice(0, limit);
}

/** Indices of the CPU ops not nested inside another op of their thread. */
export function topLevelCpuOps(events: EventColumns): number[] {
  const ops: number[] = [];
  for (let i = 0; i < events.count; i += 1) if (events.kind[i] === KIND.cpu_op) ops.push(i);
  const start = (i: number) => events.startUs[i] ?? 0;
  const end = (i: number) => start(i) + (events.durationUs[i] ?? 0);
  ops.sort(
    (a, b) =>
      (events.thread[a] ?? 0) - (events.thread[b] ?? 0) || start(a) - start(b) || end(b) - end(a),
  );
  const top: number[] = [];
  let thread = -1;
  let openEndUs = -Infinity;
  for (const i of ops) {
    const t = events.thread[i] ?? 0;
    if (t !== thread) {
      thread = t;
      openEndUs = -Infinity;
    }
    if (start(i) >= openEndUs) {
      top.push(i);
      openEndUs = end(i);
    }
  }
  return top;
}

/** The thread id of a "pid/tid" label. */
export function threadId(label: string): string {
  return label.slice(label.indexOf('/') + 1);
}

/** Top-level CPU ops grouped by name and thread, longest total first. */
export function topCpuOps(
  events: EventColumns,
  topLevel: readonly number[],
  limit: number,
): CpuOpRow[] {
  const rows = new Map<string, CpuOpRow>();
  for (const i of topLevel) {
    const name = events.names[events.name[i] ?? -1] ?? '';
    const thread = threadId(events.threads[events.thread[i] ?? -1] ?? '');
    const key = `${events.name[i]}\u0000${thread}`;
    const row = rows.get(key) ?? { name, thread, calls: 0, totalUs: 0, meanUs: 0 };
    row.calls += 1;
    row.totalUs += events.durationUs[i] ?? 0;
    rows.set(key, row);
  }
  return [...rows.values()]
    .map((r) => ({ ...r, meanUs: r.totalUs / r.calls }))
    .sort((a, b) => b.totalUs - a.totalUs)
    .slice(0, limit);
}

/** The copies grouped by direction, longest total first. */
export function copyRows(events: EventColumns, copies: readonly number[]): CopyRow[] {
  const rows = new Map<CopyDirection, CopyRow>();
  for (const i of copies) {
    const name = events.names[events.name[i] ?? -1] ?? '';
    const direction = copyDirection(name);
    const d = events.durationUs[i] ?? 0;
    const b = events.bytes[i] ?? NaN;
    const row = rows.get(direction) ?? {
      direction,
      example: name,
      calls: 0,
      totalUs: 0,
      longestUs: 0,
      bytes: NaN,
    };
    row.calls += 1;
    row.totalUs += d;
    if (d > row.longestUs) {
      row.longestUs = d;
      row.example = name;
    }
    if (!Number.isNaN(b)) row.bytes = (Number.isNaN(row.bytes) ? 0 : row.bytes) + b;
    rows.set(direction, row);
  }
  return [...rows.values()].sort((a, b) => b.totalUs - a.totalUs);
}
