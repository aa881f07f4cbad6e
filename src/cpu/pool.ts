/**
 * A pool of Web Workers that runs the CPU side of the race: the serial chain on one worker,
 * then the batch in chunks that idle workers take one at a time, so every core stays busy and
 * the page can show how many tasks each core has finished.
 */
import { validateRaceJob, type RaceJob } from '../gpu/kernels/race/race';
import { planWorkerChunks } from './chunks';
import type { RaceRequest, RaceResponse } from './protocol';

/** The parts of a `Worker` the pool uses; a fake with these runs the pool in tests. */
export interface WorkerLike {
  postMessage(message: RaceRequest, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<RaceResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** Makes one worker. */
export type WorkerFactory = () => WorkerLike;

/** Options for a WorkerPool. */
export interface WorkerPoolOptions {
  /** Default: a module worker running race.worker.ts. */
  createWorker?: WorkerFactory;
  /** Worker count. Default: navigator.hardwareConcurrency, or 2 when unknown. */
  size?: number;
  /** Seconds on a monotonic clock, which times a race (default: performance.now()). */
  now?: () => number;
}

/** Options for one race. */
export interface PoolRaceOptions {
  /** Called after the serial stage and after every chunk, with tasks finished per worker. */
  onProgress?(perWorkerDone: number[], serialDone: boolean): void;
  /** Aborting terminates the workers (new ones start next run) and rejects with the reason. */
  signal?: AbortSignal;
}

/** What a CPU race produced and how long it took. */
export interface PoolRaceResult {
  /** Result of task i at index i. */
  results: Uint32Array;
  serialResult: number;
  /** Wall-clock seconds from sending the serial stage to having every result (workers warm). */
  seconds: number;
  /** Workers that took part. */
  workers: number;
}

/** The default worker: race.worker.ts as a module worker, bundled by Vite. */
export const createRaceWorker: WorkerFactory = () =>
  new Worker(new URL('./race.worker.ts', import.meta.url), { type: 'module' });

/** Logical cores the browser reports, or 2 when it does not say. */
export function defaultPoolSize(): number {
  const cores = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency;
  return cores && cores > 0 ? cores : 2;
}

/** One worker and the request it is working on. */
interface Slot {
  worker: WorkerLike;
  /** Why this worker can take no more requests (terminated, or it reported an error). */
  failure?: unknown;
  pending?: {
    id: number;
    resolve(response: RaceResponse): void;
    reject(reason: unknown): void;
  };
}

/** Narrows a response to the expected kind, turning `error` responses into Errors. */
function expectKind<K extends RaceResponse['kind']>(
  response: RaceResponse,
  kind: K,
): Extract<RaceResponse, { kind: K }> {
  if (response.kind === 'error') throw new Error(`A CPU worker failed: ${response.message}`);
  if (response.kind !== kind) {
    throw new Error(`A CPU worker answered ${response.kind} where ${kind} was expected`);
  }
  return response as Extract<RaceResponse, { kind: K }>;
}

/** A fixed-size pool of race workers; one race at a time. */
export class WorkerPool {
  /** Number of workers the pool runs. */
  readonly size: number;
  private readonly createWorker: WorkerFactory;
  private slots: Slot[] = [];
  private nextId = 1;
  private readonly now: () => number;
  private running = false;
  private disposed = false;

  constructor(options: WorkerPoolOptions = {}) {
    const size = options.size ?? defaultPoolSize();
    if (!Number.isInteger(size) || size < 1) {
      throw new RangeError(`size must be an integer >= 1, got ${String(size)}`);
    }
    this.size = size;
    this.createWorker = options.createWorker ?? createRaceWorker;
    this.now = options.now ?? (() => performance.now() / 1000);
  }

  /** Runs `job` on the workers; see PoolRaceResult for what `seconds` covers. */
  async runRace(job: RaceJob, opts: PoolRaceOptions = {}): Promise<PoolRaceResult> {
    validateRaceJob(job);
    if (this.disposed) throw new Error('This worker pool has been disposed');
    if (this.running) throw new Error('This worker pool is already running a race');
    opts.signal?.throwIfAborted();
    this.running = true;
    const onAbort = (): void => this.reset(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.race(job, opts);
    } catch (error) {
      this.reset(error); // terminate busy workers so no stray results arrive later
      throw error;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      this.running = false;
    }
  }

  /** Terminates every worker; the pool cannot be used afterwards. */
  dispose(): void {
    this.disposed = true;
    this.reset(new Error('The worker pool was disposed'));
  }

  /** The race itself: warm-up (untimed), serial stage, then the chunked batch. */
  private async race(job: RaceJob, opts: PoolRaceOptions): Promise<PoolRaceResult> {
    const slots = this.ensureWorkers();
    await Promise.all(slots.map((slot) => this.request(slot, { kind: 'warm-up', id: 0 })));
    const start = this.now();
    const perWorkerDone: number[] = slots.map(() => 0);

    const first = slots[0];
    if (!first) throw new Error('The worker pool has no workers');
    const serial = expectKind(
      await this.request(first, { kind: 'serial', id: 0, iterations: job.serialIterations }),
      'serial-done',
    );
    opts.onProgress?.([...perWorkerDone], true);

    const results = new Uint32Array(job.tasks);
    const chunks = planWorkerChunks(job.tasks, slots.length);
    let nextChunk = 0;
    const drain = async (slot: Slot, index: number): Promise<void> => {
      for (let chunk = chunks[nextChunk++]; chunk; chunk = chunks[nextChunk++]) {
        const request: RaceRequest = {
          kind: 'batch',
          id: 0,
          firstTask: chunk.first,
          count: chunk.count,
          iterations: job.iterations,
        };
        const done = expectKind(await this.request(slot, request), 'batch-done');
        if (done.results.length !== chunk.count) {
          throw new Error(`A CPU worker returned ${done.results.length} of ${chunk.count} results`);
        }
        results.set(done.results, chunk.first);
        perWorkerDone[index] = (perWorkerDone[index] ?? 0) + chunk.count;
        opts.onProgress?.([...perWorkerDone], true);
      }
    };
    await Promise.all(slots.map(drain));
    const seconds = Math.max(0, this.now() - start);
    return { results, serialResult: serial.result, seconds, workers: slots.length };
  }

  /** The pool's workers, started on first use and after a reset. */
  private ensureWorkers(): Slot[] {
    if (this.slots.length === 0) {
      this.slots = Array.from({ length: this.size }, () => this.startWorker());
    }
    return this.slots;
  }

  /** Starts one worker and routes its messages and errors to the request it is working on. */
  private startWorker(): Slot {
    const slot: Slot = { worker: this.createWorker() };
    slot.worker.onmessage = (event) => {
      const pending = slot.pending;
      if (!pending || event.data.id !== pending.id) return;
      slot.pending = undefined;
      pending.resolve(event.data);
    };
    slot.worker.onerror = (event) => {
      event.preventDefault?.();
      const message = event.message || 'a CPU worker failed to load or crashed';
      slot.failure = new Error(`A CPU worker failed: ${message}`);
      const pending = slot.pending;
      slot.pending = undefined;
      pending?.reject(slot.failure);
    };
    return slot;
  }

  /** Sends `message` (with a fresh id) to one worker and waits for its answer. */
  private request(slot: Slot, message: RaceRequest): Promise<RaceResponse> {
    const id = this.nextId++;
    return new Promise<RaceResponse>((resolve, reject) => {
      if (slot.failure !== undefined) {
        reject(slot.failure);
        return;
      }
      slot.pending = { id, resolve, reject };
      try {
        slot.worker.postMessage({ ...message, id });
      } catch (error) {
        slot.pending = undefined;
        reject(error);
      }
    });
  }

  /** Terminates every worker and rejects whatever they were doing with `reason`. */
  private reset(reason: unknown): void {
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
}
