/**
 * The events kept from a trace, in columns of typed arrays (about 50 bytes an event), with names
 * and thread labels interned. Growable while reading; `freeze` trims it to its length. Pure.
 */

/** The kinds of event kept, by the trace's `cat`. */
export const EVENT_KINDS = [
  'kernel',
  'gpu_memcpy',
  'gpu_memset',
  'cpu_op',
  'user_annotation',
  'gpu_user_annotation',
  'cuda_runtime',
  'cuda_driver',
] as const;
/** One kind of kept event. */
export type EventKind = (typeof EVENT_KINDS)[number];

/** Kind codes as stored in `EventColumns.kind`. */
export const KIND: { readonly [K in EventKind]: number } = {
  kernel: 0,
  gpu_memcpy: 1,
  gpu_memset: 2,
  cpu_op: 3,
  user_annotation: 4,
  gpu_user_annotation: 5,
  cuda_runtime: 6,
  cuda_driver: 7,
};

/** The kind code of a trace `cat`, or -1 when events of that category are not kept. */
export function kindCode(cat: string): number {
  return Object.hasOwn(KIND, cat) ? KIND[cat as EventKind] : -1;
}

/** The kept events, one index per event across every column. */
export interface EventColumns {
  count: number;
  kind: Uint8Array;
  /** Index into `names`. */
  name: Int32Array;
  /** Start, µs on the trace's clock. */
  startUs: Float64Array;
  durationUs: Float64Array;
  /** Index into `threads`: the trace's "pid/tid" pair as text. */
  thread: Int32Array;
  /** args.correlation (ties a kernel to the runtime call that launched it); NaN when absent. */
  correlation: Float64Array;
  /** args.stream; -1 when absent. */
  stream: Int32Array;
  /** args.device; -1 when absent. */
  device: Int32Array;
  /** args.bytes (copies and sets); NaN when absent. */
  bytes: Float64Array;
  /** Interned names (capped in length and number). */
  names: string[];
  /** Interned "pid/tid" labels. */
  threads: string[];
}

/** One event as the collector hands it over. */
export interface EventRecord {
  kind: number;
  name: number;
  startUs: number;
  durationUs: number;
  thread: number;
  correlation: number;
  stream: number;
  device: number;
  bytes: number;
}

/** A growable {@link EventColumns}. */
export class EventTable {
  private capacity = 1024;
  private readonly cols: EventColumns;
  private readonly nameIds = new Map<string, number>();
  private readonly threadIds = new Map<string, number>();

  constructor(private readonly maxNames: number) {
    this.cols = allocate(this.capacity);
  }

  /** Events kept so far. */
  get count(): number {
    return this.cols.count;
  }

  /** The id of a name; past `maxNames` distinct names, one shared placeholder. */
  internName(name: string): number {
    const known = this.nameIds.get(name);
    if (known !== undefined) return known;
    if (this.cols.names.length >= this.maxNames) return this.internName('(more names than kept)');
    const id = this.cols.names.length;
    this.cols.names.push(name);
    this.nameIds.set(name, id);
    return id;
  }

  /** The id of a "pid/tid" label. */
  internThread(label: string): number {
    const known = this.threadIds.get(label);
    if (known !== undefined) return known;
    const id = this.cols.threads.length;
    this.cols.threads.push(label);
    this.threadIds.set(label, id);
    return id;
  }

  /** Keeps one event. */
  push(e: EventRecord): void {
    if (this.cols.count === this.capacity) this.grow();
    const c = this.cols;
    const i = c.count;
    c.kind[i] = e.kind;
    c.name[i] = e.name;
    c.startUs[i] = e.startUs;
    c.durationUs[i] = e.durationUs;
    c.thread[i] = e.thread;
    c.correlation[i] = e.correlation;
    c.stream[i] = e.stream;
    c.device[i] = e.device;
    c.bytes[i] = e.bytes;
    c.count = i + 1;
  }

  /** The columns, trimmed to the events kept. */
  freeze(): EventColumns {
    const c = this.cols;
    const n = c.count;
    return {
      count: n,
      ...eachColumn((column) => c[column].slice(0, n)),
      names: c.names,
      threads: c.threads,
    };
  }

  private grow(): void {
    this.capacity *= 2;
    const c = this.cols;
    const grown = eachColumn((column) => {
      const next = new COLUMN_ARRAYS[column](this.capacity);
      next.set(c[column]);
      return next;
    });
    Object.assign(c, grown);
  }
}

/** The typed array each per-event column is kept in, one column per field of an event. */
const COLUMN_ARRAYS = {
  kind: Uint8Array,
  name: Int32Array,
  startUs: Float64Array,
  durationUs: Float64Array,
  thread: Int32Array,
  correlation: Float64Array,
  stream: Int32Array,
  device: Int32Array,
  bytes: Float64Array,
} as const satisfies Record<keyof EventRecord, unknown>;

/** The name of a per-event column. */
type ColumnName = keyof typeof COLUMN_ARRAYS;

/** The per-event columns, each made by `make`. */
function eachColumn(
  make: (column: ColumnName) => EventColumns[ColumnName],
): Pick<EventColumns, ColumnName> {
  const names = Object.keys(COLUMN_ARRAYS) as ColumnName[];
  return Object.fromEntries(names.map((column) => [column, make(column)])) as Pick<
    EventColumns,
    ColumnName
  >;
}

function allocate(capacity: number): EventColumns {
  return {
    count: 0,
    ...eachColumn((column) => new COLUMN_ARRAYS[column](capacity)),
    names: [],
    threads: [],
  };
}
