/** Test helper: the simulator's dependencies with the real (pure) engine and a clock tests move. */
import { engineDataParallel, type DataParallelDeps } from './browser-deps';

/** A clock that only moves when told to. */
export interface FakeClock {
  now(): number;
  advance(seconds: number): void;
}

/** A clock at 0 that `advance` moves forward. */
export function fakeClock(): FakeClock {
  let t = 0;
  return {
    now: () => t,
    advance: (seconds) => {
      t += seconds;
    },
  };
}

/** Fake dependencies; `overrides` replace any of them. */
export function fakeDeps(overrides: Partial<DataParallelDeps> = {}): DataParallelDeps {
  return {
    engine: engineDataParallel,
    now: () => 0,
    reducedMotion: () => false,
    ...overrides,
  };
}
