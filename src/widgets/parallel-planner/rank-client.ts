/**
 * Ranking off the page's main thread: a module worker that ranks one plan at a time. While it
 * ranks, only the newest request waits; older ones that never started are dropped (their promise
 * rejects with `SupersededError`). Where workers are missing, or the worker fails to start, the
 * ranking runs on the page's thread after the current task, so the page can show "ranking" first.
 * Disposing drops what runs and waits (their promises reject with `SupersededError`); the ranker
 * can still be used after, with a new worker (React's development mode disposes and remounts).
 */
import { myMachine } from '../../engine/catalog';
import type { PlanBase } from '../../engine/models';
import type { PlanRanker } from './engine-port';
import type { RankRequest, RankResponse } from './rank-protocol';
import { answerRankRequest } from './rank-worker-handler';
import type { Ranking } from './ranking';

/** A request dropped because a newer one came before it started. */
export class SupersededError extends Error {
  constructor() {
    super('a newer ranking was asked for');
    this.name = 'SupersededError';
  }
}

/** The part of a worker the client uses. */
export interface RankWorkerLike {
  postMessage(message: RankRequest): void;
  onmessage: ((event: MessageEvent<RankResponse>) => void) | null;
  onerror: ((event: Event) => void) | null;
  terminate(): void;
}

interface Waiting {
  base: PlanBase;
  resolve(ranking: Ranking): void;
  reject(error: Error): void;
}

/** The answer of a response, as its promise settles. */
function settle(waiting: Waiting, response: RankResponse): void {
  if ('ranking' in response) waiting.resolve(response.ranking);
  else waiting.reject(new Error(response.error));
}

/** Ranks on the page's thread, after the current task. */
export function inThreadRanker(
  defer: (run: () => void) => void = (run) => setTimeout(run, 0),
): PlanRanker {
  let id = 0;
  return {
    rank: (base) =>
      new Promise<Ranking>((resolve, reject) => {
        id += 1;
        const request = { id, base, machine: myMachine() };
        defer(() => settle({ base, resolve, reject }, answerRankRequest(request)));
      }),
    dispose() {},
  };
}

/** Ranks in a worker made by `create` (null: none can be made), one plan at a time. */
export function workerRanker(create: () => RankWorkerLike | null): PlanRanker {
  let worker: RankWorkerLike | null | undefined;
  let fallback: PlanRanker | null = null;
  let running: (Waiting & { id: number }) | null = null;
  let queued: Waiting | null = null;
  let nextId = 0;

  const switchToFallback = () => {
    fallback ??= inThreadRanker();
    worker?.terminate();
    worker = null;
    const stranded = [running, queued].filter((w): w is Waiting & { id?: number } => w !== null);
    running = null;
    queued = null;
    for (const w of stranded) fallback.rank(w.base).then(w.resolve, w.reject);
  };

  const start = (waiting: Waiting) => {
    if (!worker) {
      switchToFallback();
      fallback!.rank(waiting.base).then(waiting.resolve, waiting.reject);
      return;
    }
    nextId += 1;
    running = { ...waiting, id: nextId };
    worker.postMessage({ id: nextId, base: waiting.base, machine: myMachine() });
  };

  const ensureWorker = () => {
    if (worker !== undefined) return;
    try {
      worker = create();
    } catch {
      worker = null;
    }
    if (!worker) return;
    worker.onmessage = (event) => {
      const done = running;
      if (!done || event.data.id !== done.id) return;
      running = null;
      settle(done, event.data);
      const after = queued;
      queued = null;
      if (after) start(after);
    };
    worker.onerror = () => switchToFallback();
  };

  return {
    rank(base) {
      return new Promise<Ranking>((resolve, reject) => {
        if (fallback) {
          fallback.rank(base).then(resolve, reject);
          return;
        }
        ensureWorker();
        const waiting = { base, resolve, reject };
        if (!running) {
          start(waiting);
          return;
        }
        queued?.reject(new SupersededError());
        queued = waiting;
      });
    },
    dispose() {
      // Whatever runs or waits is dropped; a later request starts a fresh worker.
      worker?.terminate();
      worker = undefined;
      running?.reject(new SupersededError());
      running = null;
      queued?.reject(new SupersededError());
      queued = null;
    },
  };
}
