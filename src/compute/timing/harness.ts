/**
 * The timing harness: warm-up, then batches grown until each lasts at least MIN_BATCH_SECONDS,
 * then several timed batches whose per-run times are summarised (median and spread). It knows
 * nothing about WebGPU: the caller passes a function that runs and times one batch, so the
 * harness is tested with a fake clock.
 */
import { isBatchSettled, MAX_REPEATS_PER_BATCH, MIN_BATCH_SECONDS, nextRepeats } from './batching';
import { summarizeTimings, type TimingSummary } from './stats';

/** How a batch was timed: GPU timestamps around the work, or the wait for the queue to finish. */
export type TimingMethod = 'timestamp-query' | 'completion';

/** The time of one batch, and how it was taken. */
export interface BatchTiming {
  /** Seconds the whole batch took. */
  seconds: number;
  method: TimingMethod;
}

/** Runs `repeats` runs back to back and times them as one batch. */
export type RunBatch = (repeats: number) => Promise<BatchTiming>;

/** Where a measurement is, for a progress bar. */
export interface MeasureProgress {
  phase: 'warm-up' | 'calibrate' | 'sample';
  /** Share of the measurement done, 0..1 (an estimate until the batch size is settled). */
  fraction: number;
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
  /** Once timed batches have taken this long (seconds), stop after `minSamples`. */
  budgetSeconds?: number;
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
}

const DEFAULTS = {
  warmupBatches: 1,
  samples: 7,
  minSamples: 3,
  minBatchSeconds: MIN_BATCH_SECONDS,
  maxRepeats: MAX_REPEATS_PER_BATCH,
  budgetSeconds: 3,
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
  const report = (phase: MeasureProgress['phase'], fraction: number): void =>
    options.onProgress?.({ phase, fraction: Math.min(1, Math.max(0, fraction)) });
  const run = async (repeats: number): Promise<BatchTiming> => {
    options.signal?.throwIfAborted();
    const timing = await runBatch(repeats);
    options.signal?.throwIfAborted();
    return timing;
  };

  for (let i = 0; i < o.warmupBatches; i++) {
    report('warm-up', (0.1 * i) / o.warmupBatches);
    await run(1);
  }

  let repeats = 1;
  for (let i = 0; i < MAX_CALIBRATION_BATCHES; i++) {
    report('calibrate', 0.1 + 0.02 * i);
    const { seconds } = await run(repeats);
    if (isBatchSettled(repeats, seconds, o.minBatchSeconds, o.maxRepeats)) break;
    repeats = nextRepeats(repeats, seconds, o.minBatchSeconds, o.maxRepeats);
  }

  const secondsPerRun: number[] = [];
  const methods = new Set<TimingMethod>();
  let spentSeconds = 0;
  for (let i = 0; i < o.samples; i++) {
    report('sample', 0.35 + (0.65 * i) / o.samples);
    const timing = await run(repeats);
    secondsPerRun.push(timing.seconds / repeats);
    methods.add(timing.method);
    spentSeconds += timing.seconds;
    if (spentSeconds >= o.budgetSeconds && secondsPerRun.length >= minSamples) break;
  }
  report('sample', 1);
  return {
    ...summarizeTimings(secondsPerRun),
    repeatsPerBatch: repeats,
    secondsPerRun,
    method: methods.size === 1 && methods.has('timestamp-query') ? 'timestamp-query' : 'completion',
  };
}

/** A copy of `options` without its undefined fields, so they do not hide the defaults. */
function withoutUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
