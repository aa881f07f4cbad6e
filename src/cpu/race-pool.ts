/**
 * A pool of Web Workers that runs the CPU side of the race: the serial chain on one worker,
 * then the batch in chunks that idle workers take one at a time, so every core stays busy and
 * the page can show how many tasks each core has finished.
 */
import { validateRaceJob, type RaceJob, type RaceRun } from '../compute/race-reference';
import { planWorkerChunks } from './race-chunks';
import type { RaceRequest, RaceResponse } from './race-protocol';
import {
  expectKind,
  WorkerPool,
  type MessageWorker,
  type WorkerPoolOptions,
  type WorkerSlot,
} from './worker-slots';

/** The parts of a `Worker` the pool uses; a fake with these runs the pool in tests. */
export type WorkerLike = MessageWorker<RaceRequest, RaceResponse>;

/** Makes one worker. */
export type WorkerFactory = () => WorkerLike;

/** Options for a RaceWorkerPool (the default worker runs race.worker.ts). */
export type RacePoolOptions = WorkerPoolOptions<RaceRequest, RaceResponse>;

/** Options for one race. */
export interface PoolRaceOptions {
  /** Called after the serial stage and after every chunk, with tasks finished per worker. */
  onProgress?(perWorkerDone: number[], serialDone: boolean): void;
  /** Aborting terminates the workers (new ones start next run) and rejects with the reason. */
  signal?: AbortSignal;
}

/**
 * When each part of a race happened, in seconds on the pool's clock: `spawned` when the pool
 * began starting its workers (or, when they were already running, began checking in with
 * them), `ready` when the last of them had answered its warm-up (its script loaded and its
 * hot loop compiled), `workStart` when the serial stage was sent, `done` when every result was
 * in. Start-up is spawned → ready; the timed work is workStart → done.
 */
export interface PoolTimeline {
  spawned: number;
  ready: number;
  workStart: number;
  done: number;
}

/**
 * A CPU race: the results, `seconds` from sending the serial stage to having every result
 * (workers warm: start-up is not in it), the workers that took part, how many of them this race
 * started (0 when all were running from an earlier race), and the timeline of its parts.
 */
export interface PoolRaceResult extends RaceRun {
  workers: number;
  freshWorkers: number;
  timeline: PoolTimeline;
}

/** The default worker: race.worker.ts as a module worker, bundled by Vite. */
export const createRaceWorker: WorkerFactory = () =>
  new Worker(new URL('./race.worker.ts', import.meta.url), { type: 'module' });

/** A fixed-size pool of race workers; one race at a time. */
export class RaceWorkerPool extends WorkerPool<RaceRequest, RaceResponse> {
  private disposed = false;

  constructor(options: RacePoolOptions = {}) {
    super(options, createRaceWorker);
  }

  /** Runs `job` on the workers; see PoolRaceResult for what `seconds` covers. */
  async runRace(job: RaceJob, opts: PoolRaceOptions = {}): Promise<PoolRaceResult> {
    validateRaceJob(job);
    if (this.disposed) throw new Error('This worker pool has been disposed');
    return this.exclusive(opts.signal, 'This worker pool is already running a race', () =>
      this.race(job, opts),
    );
  }

  /** Terminates every worker; the pool cannot be used afterwards. */
  override dispose(): void {
    this.disposed = true;
    super.dispose();
  }

  /**
   * The race itself: start-up (workers created if none are running, each warmed up; timed on
   * its own), then the serial stage and the chunked batch (the timed work).
   */
  private async race(job: RaceJob, opts: PoolRaceOptions): Promise<PoolRaceResult> {
    const spawned = this.clock();
    const freshWorkers = this.workers.size - this.workers.running;
    const slots = this.workers.ensure();
    await Promise.all(slots.map((slot) => this.workers.request(slot, { kind: 'warm-up', id: 0 })));
    const ready = this.clock();
    const start = this.clock();
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
    const done = this.clock();
    return {
      results,
      serialResult: serial.result,
      seconds: Math.max(0, done - start),
      workers: slots.length,
      freshWorkers,
      timeline: { spawned, ready, workStart: start, done },
    };
  }
}
