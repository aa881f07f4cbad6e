/**
 * A pool of Web Workers that runs the CPU side of the race: the serial chain on one worker,
 * then the batch in chunks that idle workers take one at a time, so every core stays busy and
 * the page can show how many tasks each core has finished.
 */
import { validateRaceJob, type RaceJob } from '../compute/race-reference';
import { planWorkerChunks } from './race-chunks';
import type { RaceRequest, RaceResponse } from './race-protocol';
import {
  defaultPoolSize,
  expectKind,
  WorkerSlots,
  type MessageWorker,
  type WorkerSlot,
} from './worker-slots';

export { defaultPoolSize } from './worker-slots';

/** The parts of a `Worker` the pool uses; a fake with these runs the pool in tests. */
export type WorkerLike = MessageWorker<RaceRequest, RaceResponse>;

/** Makes one worker. */
export type WorkerFactory = () => WorkerLike;

/** Options for a RaceWorkerPool. */
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

/** A fixed-size pool of race workers; one race at a time. */
export class RaceWorkerPool {
  /** Number of workers the pool runs. */
  readonly size: number;
  private readonly workers: WorkerSlots<RaceRequest, RaceResponse>;
  private readonly now: () => number;
  private running = false;
  private disposed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.workers = new WorkerSlots(
      options.size ?? defaultPoolSize(),
      options.createWorker ?? createRaceWorker,
    );
    this.size = this.workers.size;
    this.now = options.now ?? (() => performance.now() / 1000);
  }

  /** Runs `job` on the workers; see PoolRaceResult for what `seconds` covers. */
  async runRace(job: RaceJob, opts: PoolRaceOptions = {}): Promise<PoolRaceResult> {
    validateRaceJob(job);
    if (this.disposed) throw new Error('This worker pool has been disposed');
    if (this.running) throw new Error('This worker pool is already running a race');
    opts.signal?.throwIfAborted();
    this.running = true;
    const onAbort = (): void => this.workers.reset(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.race(job, opts);
    } catch (error) {
      this.workers.reset(error); // terminate busy workers so no stray results arrive later
      throw error;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      this.running = false;
    }
  }

  /** Terminates every worker; the pool cannot be used afterwards. */
  dispose(): void {
    this.disposed = true;
    this.workers.reset(new Error('The worker pool was disposed'));
  }

  /** The race itself: warm-up (untimed), serial stage, then the chunked batch. */
  private async race(job: RaceJob, opts: PoolRaceOptions): Promise<PoolRaceResult> {
    const slots = this.workers.ensure();
    await Promise.all(slots.map((slot) => this.workers.request(slot, { kind: 'warm-up', id: 0 })));
    const start = this.now();
    const perWorkerDone: number[] = slots.map(() => 0);

    const first = slots[0];
    if (!first) throw new Error('The worker pool has no workers');
    const serial = expectKind(
      await this.workers.request(first, {
        kind: 'serial',
        id: 0,
        iterations: job.serialIterations,
      }),
      'serial-done',
    );
    opts.onProgress?.([...perWorkerDone], true);

    const results = new Uint32Array(job.tasks);
    const chunks = planWorkerChunks(job.tasks, slots.length);
    let nextChunk = 0;
    const drain = async (
      slot: WorkerSlot<RaceRequest, RaceResponse>,
      index: number,
    ): Promise<void> => {
      for (let chunk = chunks[nextChunk++]; chunk; chunk = chunks[nextChunk++]) {
        const request: RaceRequest = {
          kind: 'batch',
          id: 0,
          firstTask: chunk.first,
          count: chunk.count,
          iterations: job.iterations,
        };
        const done = expectKind(await this.workers.request(slot, request), 'batch-done');
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
}
