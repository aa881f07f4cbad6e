/**
 * The plumbing both CPU worker pools share: a fixed number of workers started on first use, one
 * request at a time per worker matched to its answer by id, a worker's crash rejecting what it
 * was doing, a reset that terminates everything (new workers start on the next use), and the
 * base of a pool: its options, its clock, and one run at a time that Cancel can stop.
 */
import { performanceClock, type Clock } from '../compute/timing/clock';

/** The parts of a `Worker` a pool uses; a fake with these runs a pool in tests. */
export interface MessageWorker<Req, Res> {
  postMessage(message: Req, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<Res>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** One worker and the request it is working on. */
export interface WorkerSlot<Req, Res> {
  worker: MessageWorker<Req, Res>;
  /** Why this worker can take no more requests (terminated, or it reported an error). */
  failure?: unknown;
  pending?: { id: number; resolve(response: Res): void; reject(reason: unknown): void };
}

/** Logical cores the browser reports, or 2 when it does not say. */
export function defaultPoolSize(): number {
  const cores = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency;
  return cores && cores > 0 ? cores : 2;
}

/** Checks a pool size: a whole number of workers, at least one. */
export function checkPoolSize(size: number): number {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`size must be an integer >= 1, got ${String(size)}`);
  }
  return size;
}

/**
 * Narrows a response to the expected kind, turning `error` responses into Errors that say a
 * CPU worker failed.
 */
export function expectKind<R extends { kind: string }, K extends R['kind']>(
  response: R,
  kind: K,
): Extract<R, { kind: K }> {
  if (response.kind === 'error') {
    const message = (response as { message?: unknown }).message;
    throw new Error(`A CPU worker failed: ${String(message)}`);
  }
  if (response.kind !== kind) {
    throw new Error(`A CPU worker answered ${response.kind} where ${kind} was expected`);
  }
  return response as Extract<R, { kind: K }>;
}

/** A fixed number of workers speaking request/response messages that carry an `id`. */
export class WorkerSlots<Req extends { id: number }, Res extends { id: number }> {
  private slots: Array<WorkerSlot<Req, Res>> = [];
  private nextId = 1;

  constructor(
    /** How many workers to run. */
    readonly size: number,
    private readonly createWorker: () => MessageWorker<Req, Res>,
  ) {
    checkPoolSize(size);
  }

  /** How many workers are running now (0 before first use and after a reset). */
  get running(): number {
    return this.slots.length;
  }

  /** The workers, started on first use and after a reset. */
  ensure(): Array<WorkerSlot<Req, Res>> {
    if (this.slots.length === 0) {
      this.slots = Array.from({ length: this.size }, () => this.start());
    }
    return this.slots;
  }

  /** Sends `message` to one worker, under a fresh id, and waits for its answer. */
  request(slot: WorkerSlot<Req, Res>, message: Req, transfer?: Transferable[]): Promise<Res> {
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      if (slot.failure !== undefined) {
        reject(slot.failure);
        return;
      }
      slot.pending = { id, resolve, reject };
      try {
        slot.worker.postMessage({ ...message, id }, transfer);
      } catch (error) {
        slot.pending = undefined;
        reject(error);
      }
    });
  }

  /** Terminates every worker and rejects whatever they were doing with `reason`. */
  reset(reason: unknown): void {
    const slots = this.slots;
    this.slots = [];
    for (const slot of slots) {
      slot.worker.onmessage = null;
      slot.worker.onerror = null;
      slot.worker.terminate();
      slot.failure = reason ?? new Error('The worker was stopped');
      const pending = slot.pending;
      slot.pending = undefined;
      pending?.reject(reason);
    }
  }

  /** Starts one worker and routes its messages and errors to the request it is working on. */
  private start(): WorkerSlot<Req, Res> {
    const slot: WorkerSlot<Req, Res> = { worker: this.createWorker() };
    slot.worker.onmessage = (event) => {
      const pending = slot.pending;
      if (!pending || event.data.id !== pending.id) return;
      slot.pending = undefined;
      pending.resolve(event.data);
    };
    slot.worker.onerror = (event) => {
      event.preventDefault?.();
      const message = event.message || 'it failed to load or crashed';
      slot.failure = new Error(`A CPU worker failed: ${message}`);
      const pending = slot.pending;
      slot.pending = undefined;
      pending?.reject(slot.failure);
    };
    return slot;
  }
}

/** Options every worker pool takes. */
export interface WorkerPoolOptions<Req, Res> {
  /** Makes one worker (default: the pool's own module worker). */
  createWorker?: () => MessageWorker<Req, Res>;
  /** Worker count (default: logical cores, or 2 when unknown). */
  size?: number;
  /** Seconds on a monotonic clock, which times the pool's runs (default: performance.now()). */
  clock?: Clock;
}

/** The base of a worker pool: its workers, its clock, and one run at a time. */
export abstract class WorkerPool<Req extends { id: number }, Res extends { id: number }> {
  /** Number of workers the pool runs. */
  readonly size: number;
  protected readonly workers: WorkerSlots<Req, Res>;
  protected readonly clock: Clock;
  private running = false;

  protected constructor(
    options: WorkerPoolOptions<Req, Res>,
    defaultWorker: () => MessageWorker<Req, Res>,
  ) {
    this.workers = new WorkerSlots(
      options.size ?? defaultPoolSize(),
      options.createWorker ?? defaultWorker,
    );
    this.size = this.workers.size;
    this.clock = options.clock ?? performanceClock;
  }

  /** Terminates every worker (new ones start on the next run). */
  dispose(): void {
    this.workers.reset(new Error('The worker pool was disposed'));
  }

  /**
   * Runs `work` as the pool's only run, refusing a second with `busy`. Aborting `signal`
   * terminates the workers, so `work` rejects with its reason; when `work` fails, the workers
   * are terminated too, so no stray answer arrives later.
   */
  protected async exclusive<T>(
    signal: AbortSignal | undefined,
    busy: string,
    work: () => Promise<T>,
  ): Promise<T> {
    if (this.running) throw new Error(busy);
    signal?.throwIfAborted();
    this.running = true;
    const onAbort = (): void => this.workers.reset(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await work();
    } catch (error) {
      this.workers.reset(error);
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.running = false;
    }
  }
}
