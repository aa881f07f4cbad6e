/**
 * Keeps what the views need from each event of a Chrome trace as the tokenizer reads it: the
 * `traceEvents` array (or a bare array of events), and from each complete event (`ph` "X") of a
 * kept category its name, category, start, duration, pid/tid and, in `args`, the correlation id,
 * stream, device and bytes. Everything else is read past without being kept. Pure.
 */
import { formatCount } from '../../../format/units';
import { MAX_KEPT_EVENTS, MAX_NAME_CHARS } from '../limits';
import { TraceError } from '../problem';
import { EventTable, kindCode, type EventColumns } from './event-table';
import type { JsonHandler } from './json-stream';

/** What the collector found besides the kept events. */
export interface CollectedTrace {
  events: EventColumns;
  /** Events in the file, kept or not. */
  eventsSeen: number;
  /** GPU names from the trace's `deviceProperties`. */
  gpuNames: string[];
}

/** One event's fields while its object is read. */
interface Pending {
  name: string | null;
  cat: string | null;
  ph: string | null;
  ts: number;
  dur: number;
  pid: string;
  tid: string;
  correlation: number;
  stream: number;
  device: number;
  bytes: number;
}

function blank(): Pending {
  return {
    name: null,
    cat: null,
    ph: null,
    ts: NaN,
    dur: NaN,
    pid: '',
    tid: '',
    correlation: NaN,
    stream: -1,
    device: -1,
    bytes: NaN,
  };
}

/** A name as kept: cut at MAX_NAME_CHARS with an ellipsis. */
export function keptName(text: string, lengthChars: number): string {
  if (lengthChars <= MAX_NAME_CHARS && text.length === lengthChars) return text;
  return `${text.slice(0, MAX_NAME_CHARS - 1)}…`;
}

/** A JsonHandler that fills an EventTable. */
export class TraceCollector implements JsonHandler {
  private depth = 0;
  /** Depth inside the events array (its elements open at this depth + 1), or -1. */
  private eventsDepth = -1;
  private devicesDepth = -1;
  private rootIsObject = false;
  private sawEventsArray = false;
  private rootKey = '';
  private eventKey = '';
  private argsKey = '';
  private deviceKey = '';
  private pending: Pending | null = null;
  private inArgs = false;
  private seen = 0;
  private readonly table: EventTable;
  private readonly gpuNames: string[] = [];

  constructor(
    maxNames: number,
    private readonly maxEvents = MAX_KEPT_EVENTS,
  ) {
    this.table = new EventTable(maxNames);
  }

  /** Whether the root held a `traceEvents` array (or was an array). */
  get foundEvents(): boolean {
    return this.sawEventsArray;
  }

  /** Events kept so far. */
  get keptCount(): number {
    return this.table.count;
  }

  openObject(): void {
    this.depth += 1;
    if (this.depth === 1) this.rootIsObject = true;
    if (this.eventsDepth >= 0 && this.depth === this.eventsDepth + 1) this.pending = blank();
    else if (this.pending && this.depth === this.eventsDepth + 2 && this.eventKey === 'args') {
      this.inArgs = true;
    }
  }

  closeObject(): void {
    if (this.pending && this.depth === this.eventsDepth + 1) {
      this.seen += 1;
      this.keep(this.pending);
      this.pending = null;
    }
    if (this.inArgs && this.depth === this.eventsDepth + 2) this.inArgs = false;
    this.depth -= 1;
  }

  openArray(): void {
    this.depth += 1;
    if (this.depth === 1) this.startEvents();
    else if (this.depth === 2 && this.rootIsObject && this.rootKey === 'traceEvents') {
      this.startEvents();
    } else if (this.depth === 2 && this.rootIsObject && this.rootKey === 'deviceProperties') {
      this.devicesDepth = 2;
    }
  }

  closeArray(): void {
    if (this.depth === this.eventsDepth) this.eventsDepth = -1;
    if (this.depth === this.devicesDepth) this.devicesDepth = -1;
    this.depth -= 1;
  }

  key(text: string, lengthChars: number): void {
    const k = lengthChars === text.length ? text : '';
    if (this.depth === 1) this.rootKey = k;
    else if (this.pending && this.depth === this.eventsDepth + 1) this.eventKey = k;
    else if (this.inArgs && this.depth === this.eventsDepth + 2) this.argsKey = k;
    else if (this.devicesDepth >= 0 && this.depth === this.devicesDepth + 1) this.deviceKey = k;
  }

  string(text: string, lengthChars: number): void {
    const p = this.pending;
    if (p && this.depth === this.eventsDepth + 1) {
      const k = this.eventKey;
      if (k === 'name') p.name = keptName(text, lengthChars);
      else if (k === 'cat') p.cat = text;
      else if (k === 'ph') p.ph = text;
      else if (k === 'pid') p.pid = keptName(text, Math.min(lengthChars, 60));
      else if (k === 'tid') p.tid = keptName(text, Math.min(lengthChars, 60));
      else if (k === 'ts' || k === 'dur') this.number(Number(text));
    } else if (this.devicesDepth >= 0 && this.depth === this.devicesDepth + 1) {
      if (this.deviceKey === 'name' && this.gpuNames.length < 16) {
        this.gpuNames.push(keptName(text, Math.min(lengthChars, 80)));
      }
    }
  }

  number(value: number): void {
    const p = this.pending;
    if (!p) return;
    if (this.depth === this.eventsDepth + 1) {
      const k = this.eventKey;
      if (k === 'ts') p.ts = value;
      else if (k === 'dur') p.dur = value;
      else if (k === 'pid') p.pid = String(value);
      else if (k === 'tid') p.tid = String(value);
    } else if (this.inArgs && this.depth === this.eventsDepth + 2) {
      const k = this.argsKey;
      if (k === 'correlation') p.correlation = value;
      else if (k === 'stream') p.stream = int32(value);
      else if (k === 'device') p.device = int32(value);
      else if (k === 'bytes') p.bytes = value;
    }
  }

  literal(): void {}

  /** The kept events and what else was found. */
  result(): CollectedTrace {
    return { events: this.table.freeze(), eventsSeen: this.seen, gpuNames: this.gpuNames };
  }

  private startEvents(): void {
    this.eventsDepth = this.depth;
    this.sawEventsArray = true;
  }

  private keep(p: Pending): void {
    if (p.ph !== 'X' || p.cat === null || p.name === null) return;
    const kind = kindCode(p.cat);
    if (kind < 0 || !Number.isFinite(p.ts) || !(p.dur >= 0) || !Number.isFinite(p.dur)) return;
    if (this.table.count >= this.maxEvents) {
      throw new TraceError({
        kind: 'limit',
        message:
          `The trace holds more than ${formatCount(this.maxEvents)} kernels, copies, CPU ops and ` +
          'runtime calls; this page keeps at most that many to stay within its memory. Profile ' +
          'fewer steps, e.g. schedule(wait=1, warmup=1, active=2), and open that trace.',
      });
    }
    this.table.push({
      kind,
      name: this.table.internName(p.name),
      startUs: p.ts,
      durationUs: p.dur,
      thread: this.table.internThread(`${p.pid}/${p.tid}`),
      correlation: p.correlation,
      stream: p.stream,
      device: p.device,
      bytes: p.bytes,
    });
  }
}

/** A number as a small integer id, or -1 when it is not one. */
function int32(value: number): number {
  return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? value : -1;
}
