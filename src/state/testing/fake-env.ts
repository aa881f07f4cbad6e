/** Fakes of the URL and timers used by url-sync and useWidgetState, for tests. */
import type { Timers, UrlEnv } from '../url-sync';

/** A fake location: a hash, the writes made to it, navigation and scroll records. */
export interface FakeUrlEnv extends UrlEnv {
  hash: string;
  /** Every hash written through replaceHash, in order. */
  writes: string[];
  /** Ids scrolled to, in order. */
  scrolledTo: string[];
  /** Navigates to `hash` as a click on a link would (fires the hashchange listeners). */
  navigate(hash: string): void;
}

/** A fake location starting at `hash`, on the page https://lab.example/gpu/. */
export function fakeUrlEnv(hash: string): FakeUrlEnv {
  const listeners = new Set<() => void>();
  const env: FakeUrlEnv = {
    hash,
    writes: [],
    scrolledTo: [],
    readHash: () => env.hash,
    replaceHash(next) {
      env.hash = next;
      env.writes.push(next);
    },
    pageUrl: () => 'https://lab.example/gpu/',
    onHashChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    scrollToId: (id) => env.scrolledTo.push(id),
    navigate(next) {
      env.hash = next;
      for (const listener of [...listeners]) listener();
    },
  };
  return env;
}

/** Timers that run only when told to. */
export interface ManualTimers extends Timers {
  /** Tasks waiting to run. */
  pending(): number;
  /** Runs every waiting task. */
  runAll(): void;
}

/** Manual timers: nothing runs until `runAll`. */
export function manualTimers(): ManualTimers {
  let nextId = 1;
  const tasks = new Map<number, () => void>();
  return {
    setTimeout(run) {
      const id = nextId++;
      tasks.set(id, run);
      return id;
    },
    clearTimeout: (handle) => void tasks.delete(handle as number),
    pending: () => tasks.size,
    runAll() {
      const waiting = [...tasks.values()];
      tasks.clear();
      for (const run of waiting) run();
    },
  };
}
