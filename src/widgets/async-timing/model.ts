/**
 * The async timing demo's arithmetic: raw clock readings and GPU timestamps of single
 * submissions become three timings per run (the clock around submit, the clock that waited for
 * completion, the GPU's own timestamps), the first run is set apart from the warm ones, and the
 * warm runs are summarised by their median and spread. Pure: tests feed it readings from an
 * injected clock.
 */
import { timestampSeconds, type SubmitReadings, type TimestampSupport } from '../../gpu';
import type { SizeChoice } from './settings';
import { summarizeTimings, type TimingSummary } from '../../compute/timing/stats';

/** The three clocks, in the order the demo shows them. */
export const CLOCK_IDS = ['naive', 'completion', 'gpu'] as const;
/** One clock. */
export type ClockId = (typeof CLOCK_IDS)[number];

/** The three timings of one run, in seconds. */
export interface RunTimings {
  /** 0 for the first run. */
  index: number;
  /** Set-up before the submit (pipeline, buffers, upload): the first run only, else null. */
  setupSeconds: number | null;
  /** From just before `queue.submit` to just after it returned. */
  naiveSeconds: number;
  /** From just before `queue.submit` until the queue reported the work done. */
  completionSeconds: number;
  /** Between the pass's two GPU timestamps; null when there were none or they read the same. */
  gpuSeconds: number | null;
}

/** What the GPU clock gave: every warm run, some, none (coarse), or no timestamps at all. */
export type GpuClockStatus = 'ok' | 'partial' | 'coarse' | Exclude<TimestampSupport, 'enabled'>;

/** One clock across the runs: its first run, and its warm runs summarised. */
export interface ClockRow {
  clock: ClockId;
  /** The first run's time; null when this clock gave none. */
  firstSeconds: number | null;
  /** Median and spread of the warm runs; null when this clock gave none. */
  warm: TimingSummary | null;
}

/** Everything the demo shows about one set of runs. */
export interface TimingReport {
  /** Every run, the first first. */
  runs: RunTimings[];
  /** One row per clock, in CLOCK_IDS order. */
  rows: ClockRow[];
  gpuStatus: GpuClockStatus;
  /** Set-up plus the first run's wait for completion: what a first call costs. */
  firstTotalSeconds: number;
  /** First run's total over the warm completion median. */
  firstOverWarm: number;
  /** Warm medians: the naive clock's over the completion clock's (0..1 when submit is quick). */
  naiveShareOfCompletion: number;
  /** True when the naive clock's warm median is below every other clock's. */
  naiveIsShortest: boolean;
}

/** Software adapters run the "GPU" on CPU cores: sizes above this would take minutes. */
export const SOFTWARE_MAX_SIZE = 512;

/** The size 'auto' stands for on a real GPU and on a software adapter. */
export const AUTO_SIZES = { hardware: 1024, software: 256 } as const;

/** The matmul size to run for a choice on this adapter, and why it differs when it does. */
export function matmulSizeFor(
  choice: SizeChoice,
  fallback: boolean,
): { n: number; note: string | null } {
  if (choice === 'auto') {
    return { n: fallback ? AUTO_SIZES.software : AUTO_SIZES.hardware, note: null };
  }
  const n = Number(choice);
  if (fallback && n > SOFTWARE_MAX_SIZE) {
    return {
      n: SOFTWARE_MAX_SIZE,
      note:
        `Reduced ${n} × ${n} to ${SOFTWARE_MAX_SIZE} × ${SOFTWARE_MAX_SIZE}: on a software ` +
        `adapter each ${n}³ run would keep your CPU busy for minutes.`,
    };
  }
  return { n, note: null };
}

/** A clock interval in seconds, never negative. */
function between(start: number, end: number): number {
  return Math.max(0, end - start);
}

/** The three timings of one run's readings. */
export function runTimings(readings: SubmitReadings, index: number): RunTimings {
  const stamps = readings.gpuTimestampsNs;
  return {
    index,
    setupSeconds:
      readings.setupStart === null ? null : between(readings.setupStart, readings.submitStart),
    naiveSeconds: between(readings.submitStart, readings.submitEnd),
    completionSeconds: between(readings.submitStart, readings.doneAt),
    gpuSeconds: stamps ? timestampSeconds(stamps[0], stamps[1]) : null,
  };
}

/** A clock's time in one run. */
export function clockSeconds(run: RunTimings, clock: ClockId): number | null {
  if (clock === 'naive') return run.naiveSeconds;
  if (clock === 'completion') return run.completionSeconds;
  return run.gpuSeconds;
}

/** What the GPU clock gave over the warm runs. */
function gpuStatusOf(warm: readonly RunTimings[], support: TimestampSupport): GpuClockStatus {
  if (support !== 'enabled') return support;
  const stamped = warm.filter((r) => r.gpuSeconds !== null).length;
  if (stamped === 0) return 'coarse';
  return stamped === warm.length ? 'ok' : 'partial';
}

/** The summary of the warm runs' times on one clock, or null when it gave none. */
function warmSummary(warm: readonly RunTimings[], clock: ClockId): TimingSummary | null {
  const values = warm.map((r) => clockSeconds(r, clock)).filter((s): s is number => s !== null);
  return values.length > 0 ? summarizeTimings(values) : null;
}

/**
 * Turns the readings of a first run and its warm runs into the demo's report. Throws a
 * RangeError without at least one warm run.
 */
export function buildReport(
  readings: readonly SubmitReadings[],
  support: TimestampSupport,
): TimingReport {
  if (readings.length < 2) {
    throw new RangeError(
      `a first run and at least one warm run are needed, got ${readings.length}`,
    );
  }
  const runs = readings.map(runTimings);
  const [first, ...warm] = runs as [RunTimings, ...RunTimings[]];
  const rows = CLOCK_IDS.map((clock): ClockRow => ({
    clock,
    firstSeconds: clockSeconds(first, clock),
    warm: warmSummary(warm, clock),
  }));
  const median = (clock: ClockId): number | null =>
    rows.find((r) => r.clock === clock)?.warm?.medianSeconds ?? null;
  const naive = median('naive') ?? 0;
  const completion = median('completion') ?? 0;
  const others = [completion, median('gpu')].filter((s): s is number => s !== null);
  const firstTotalSeconds = (first.setupSeconds ?? 0) + first.completionSeconds;
  return {
    runs,
    rows,
    gpuStatus: gpuStatusOf(warm, support),
    firstTotalSeconds,
    firstOverWarm: completion > 0 ? firstTotalSeconds / completion : Number.POSITIVE_INFINITY,
    naiveShareOfCompletion: completion > 0 ? naive / completion : 0,
    naiveIsShortest: others.every((s) => naive < s),
  };
}
