/**
 * The allocation events of a training loop, and the small builder that records them: each event
 * belongs to one line of the loop and holds the tensor operations that line causes (allocate,
 * free, empty the cache, reset the peak). Tensors are named by key, so a free always names what
 * it frees. Pure.
 */
import { STEP_TENSOR_KINDS } from '../step-tensors';
import type { LineId } from './loop-code';

/** Every tensor kind, in the order the views list them. */
export const TENSOR_KINDS = [...STEP_TENSOR_KINDS, 'outputs', 'workspace', 'loss'] as const;

/** What a tensor is, for the legend and the live breakdown. */
export type TensorKind = (typeof TENSOR_KINDS)[number];

/** One thing an event does to GPU memory. */
export type TensorOp =
  | { op: 'alloc'; key: string; bytes: number; kind: TensorKind }
  | { op: 'free'; key: string }
  | { op: 'empty-cache' }
  | { op: 'reset-peak' };

/** One step of the loop: a line, the iteration (0 before the loop) and what it does. */
export interface TrainingEvent {
  line: LineId;
  iteration: number;
  /** What happens, in a few words ("forward h.0.attn"). */
  label: string;
  /** Why, when it is worth a sentence. */
  note?: string;
  ops: TensorOp[];
}

/** Records events and knows which tensors are alive, so it never frees a tensor twice. */
export class EventLog {
  readonly events: TrainingEvent[] = [];
  private readonly live = new Set<string>();
  private current: TrainingEvent | null = null;
  private later: string[] = [];

  /** Starts a new event; later operations belong to it. */
  start(line: LineId, iteration: number, label: string, note?: string): this {
    this.current = { line, iteration, label, ops: [], ...(note ? { note } : {}) };
    this.events.push(this.current);
    return this;
  }

  /** Adds a note to the current event. */
  note(text: string): this {
    const event = this.open();
    event.note = event.note ? `${event.note} ${text}` : text;
    return this;
  }

  /** Allocates a tensor of `bytes` (nothing for 0 bytes). */
  alloc(key: string, bytes: number, kind: TensorKind): this {
    if (bytes <= 0) return this;
    if (this.live.has(key)) throw new Error(`tensor ${key} is already allocated`);
    this.open().ops.push({ op: 'alloc', key, bytes, kind });
    this.live.add(key);
    return this;
  }

  /** Frees a tensor if it is alive. */
  free(key: string): this {
    if (!this.live.has(key)) return this;
    this.open().ops.push({ op: 'free', key });
    this.live.delete(key);
    return this;
  }

  /**
   * Frees tensors at the start of the next `flushLater()`: what one backward node releases goes
   * when the next node starts, so each event ends at the moment the engine counts.
   */
  freeLater(...keys: string[]): this {
    this.later.push(...keys);
    return this;
  }

  /** Frees what `freeLater` set aside. */
  flushLater(): this {
    const keys = this.later;
    this.later = [];
    for (const key of keys) this.free(key);
    return this;
  }

  /** Whether a tensor is alive. */
  has(key: string): boolean {
    return this.live.has(key);
  }

  /** Adds an allocator action (empty the cache, reset the peak). */
  action(op: 'empty-cache' | 'reset-peak'): this {
    this.open().ops.push({ op });
    return this;
  }

  private open(): TrainingEvent {
    if (!this.current) throw new Error('no event started');
    return this.current;
  }
}
