/**
 * The timing harness: warm-up, then batches grown until each lasts at least MIN_BATCH_SECONDS,
 * then several timed batches whose per-run times are summarised (median and spread). It knows
 * nothing about WebGPU: the caller passes a function that runs and times one batch, so the
 * harness is tested with a fake clock.
 *
 * Its wall time is bounded on an injected clock, whatever the batches report: a batch's own time
 * (GPU timestamps) leaves out the time it waited behind other work on the same device or GPU
 * process (another widget, another tab: a software adapter runs them all on the same CPU
 * cores), so a measurement that trusted it alone could run for minutes. Calibration never plans
 * a batch longer than `maxBatchWallSeconds` on the wall clock, sampling stops at the time budget
 * counted on the wall clock too, and no batch starts after `wallLimitSeconds` once one timed
 * batch is in (a calibration batch that ends past it is that batch): the whole measurement then
 * ends at most two batches after the limit, or one when its warm-up ended before it.
 */
import { BATCH_LIMITS, isBatchSettled, nextRepeats } from './batching';
import { performanceClock, type Clock } from './clock';
import { summarizeTimings, type TimingSummary } from './stats';

import type { BatchTiming, TimingMethod } from './batch-timing';

export type { BatchTiming, TimingMethod } from './batch-timing';

/** Runs `repeats` runs back to back and times them as one batch. */
export type RunBatch = (repeats: number) => Promise<BatchTiming>;

/** Where a measurement is, for a progress bar and its words. */
export interface MeasureProgress {
  phase: 'warm-up' | 'calibrate' | 'sample';
  /** Share of the measurement done, 0..1 (an estimate until the batch size is settled). */
  fraction: number;
  /** The batch starting (1-based, within its phase); at the end, the timed batches taken. */
  batch: number;
  /** The most batches the phase runs (sampling may stop sooner, on its budget or limit). */
  batches: number;
  /** Runs in the batch. */
  repeats: number;
}

/** Options of `measureRuns`; every field has a default. */
export interface MeasureOptions {
  /** Untimed batches of one run before calibration (compilation, first-touch costs). */
  warmupBatches?: number;
  /** Timed batches wanted. */
  samples?: number;
  /** Fewest timed batches accepted when the time budget runs out. */
  minSamples?: number;
  /** Shortest batch, in seconds. */
  minBatchSeconds?: number;
  /** Most runs per batch. */
  maxRepeats?: number;
  /**
   * Once timed batches have taken this long (seconds, the longer of their own time and the wall
   * clock's), stop after `minSamples`.
   */
  budgetSeconds?: number;
  /** Wall-clock seconds after which no batch starts once one timed batch is in. */
  wallLimitSeconds?: number;
  /** Longest a calibration batch is planned to last on the wall clock, in seconds. */
  maxBatchWallSeconds?: number;
  /** The wall clock the limits read (tests inject one). */
  clock?: Clock;
  onProgress?(progress: MeasureProgress): void;
  /** Checked between batches; aborting rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** What a measurement found. */
export interface Measurement extends TimingSummary {
  /** Runs in each timed batch. */
  repeatsPerBatch: number;
  /** Per-run seconds of each timed batch, in the order taken. */
  secondsPerRun: number[];
  /** 'timestamp-query' only when every timed batch was timed with GPU timestamps. */
  method: TimingMethod;
  /** Present when the wall-clock limit stopped sampling before `minSamples` timed batches. */
  cutShort?: true;
}

const DEFAULTS = {
  warmupBatches: 1,
  samples: 7,
  minSamples: 3,
  ...BATCH_LIMITS,
  budgetSeconds: 3,
  wallLimitSeconds: 15,
  maxBatchWallSeconds: 1,
} as const;

/** Most calibration batches before the harness settles for what it has. */
const MAX_CALIBRATION_BATCHES = 12;

/** Measures one kind of run: warm-up, calibration of the batch size, then timed batches. */
export async function measureRuns(
  runBatch: RunBatch,
  options: MeasureOptions = {},
): Promise<Measurement> {
  const o = { ...DEFAULTS, ...withoutUndefined(options) };
  if (!Number.isInteger(o.samples) || o.samples < 1) {
    throw new RangeError(`samples must be an integer >= 1, got ${String(o.samples)}`);
  }
  const minSamples = Math.min(Math.max(1, o.minSamples), o.samples);
  const clock = options.clock ?? performanceClock;
  const started = clock();
  const overLimit = (): boolean => clock() - started >= o.wallLimitSeconds;
  const report = (
    phase: MeasureProgress['phase'],
    fraction: number,
    batch: number,
    batches: number,
    repeats: number,
  ): void =>
    options.onProgress?.({
      phase,
      fraction: Math.min(1, Math.max(0, fraction)),
      batch,
      batches,
      repeats,
    });
  /** Runs one batch; its timing, and its seconds on the wall clock. */
  const run = async (repeats: number): Promise<BatchTiming & { wallSeconds: number }> => {
    options.signal?.throwIfAborted();
    const start = clock();
    const timing = await runBatch(repeats);
    const wallSeconds = Math.max(0, clock() - start);
    options.signal?.throwIfAborted();
    return { ...timing, wallSeconds };
  };

  for (let i = 0; i < o.warmupBatches && !(i > 0 && overLimit()); i++) {
    report('warm-up', (0.1 * i) / o.warmupBatches, i + 1, o.warmupBatches, 1);
    await run(1);
  }

  const secondsPerRun: number[] = [];
  const methods = new Set<TimingMethod>();
  let repeats = 1;
  for (let i = 0; i < MAX_CALIBRATION_BATCHES; i++) {
    report('calibrate', 0.1 + 0.02 * i, i + 1, MAX_CALIBRATION_BATCHES, repeats);
    const timing = await run(repeats);
    if (overLimit()) {
      // Past the limit already: this batch is the one timed batch there is time for.
      secondsPerRun.push(timing.seconds / repeats);
      methods.add(timing.method);
      break;
    }
    if (isBatchSettled(repeats, timing.seconds, o)) break;
    const grown = nextRepeats(repeats, timing.seconds, o);
    const next = Math.min(grown, wallCap(repeats, timing.wallSeconds, o.maxBatchWallSeconds));
    if (next <= repeats) break;
    repeats = next;
  }

  let spentSeconds = 0;
  for (let i = 0; i < o.samples; i++) {
    if (secondsPerRun.length > 0 && overLimit()) break;
    report('sample', 0.35 + (0.65 * i) / o.samples, i + 1, o.samples, repeats);
    const timing = await run(repeats);
    secondsPerRun.push(timing.seconds / repeats);
    methods.add(timing.method);
    spentSeconds += Math.max(timing.seconds, timing.wallSeconds);
    if (spentSeconds >= o.budgetSeconds && secondsPerRun.length >= minSamples) break;
  }
  report('sample', 1, secondsPerRun.length, o.samples, repeats);
  return {
    ...summarizeTimings(secondsPerRun),
    repeatsPerBatch: repeats,
    secondsPerRun,
    method: methods.size === 1 && methods.has('timestamp-query') ? 'timestamp-query' : 'completion',
    ...(secondsPerRun.length < minSamples ? { cutShort: true as const } : {}),
  };
}

/**
 * The most runs a batch may hold so that it lasts at most `maxWallSeconds` on the wall clock,
 * judged from a batch of `repeats` runs that took `wallSeconds` there; at least one run.
 */
export function wallCap(repeats: number, wallSeconds: number, maxWallSeconds: number): number {
  if (!(wallSeconds > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.floor((repeats * maxWallSeconds) / wallSeconds));
}

/** A copy of `options` without its undefined fields, so they do not hide the defaults. */
function withoutUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
