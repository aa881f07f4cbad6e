/**
 * The prediction record: every kernel run of this page session that the model of this device
 * predicted before it started, with what was then measured, the signed error, and the median
 * size of the errors. Pure: no DOM, no WebGPU, no engine.
 *
 * Error is (predicted − measured) / measured on times, the convention of docs/cost-engine.md:
 * −40 % means the kernel took longer than predicted (the model was optimistic), +40 % that it
 * ran faster than predicted.
 */
import type { KernelBound } from '../../engine/models';
import type { LabKernelId, LabSize } from '../../gpu';

/** One predicted and measured run. */
export interface PredictionRow {
  /** 1, 2, 3… in run order within the page session. */
  run: number;
  kernel: LabKernelId;
  /** The size that ran (the runner may reduce a request to fit the device). */
  size: LabSize;
  /** What the model of this device predicted for that size. */
  predictedSeconds: number;
  bound: KernelBound;
  /** Median time per run; null when the output failed its check, so no time is shown. */
  measuredSeconds: number | null;
  /** Signed relative error (see the module comment); null without a measured time. */
  error: number | null;
  /** True when the request was reduced to fit, and the prediction was redone for the new size. */
  resized: boolean;
}

/**
 * (predicted − measured) / measured; null when no error can be computed: a value that is not
 * finite, a measured time that is not above 0, or a predicted time below 0.
 */
export function predictionError(predictedSeconds: number, measuredSeconds: number): number | null {
  if (!Number.isFinite(predictedSeconds) || !Number.isFinite(measuredSeconds)) return null;
  if (measuredSeconds <= 0 || predictedSeconds < 0) return null;
  return (predictedSeconds - measuredSeconds) / measuredSeconds;
}

/** The middle value (the mean of the two middle ones for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return null;
  const mid = finite.length >> 1;
  return finite.length % 2 === 1 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
}

/** Median of |error| over the rows that have one; null when none has. */
export function medianAbsoluteError(rows: readonly PredictionRow[]): number | null {
  return median(rows.flatMap((r) => (r.error === null ? [] : [Math.abs(r.error)])));
}

/** What a finished run adds to the record (its number is given by `appendRun`). */
export type RunEntry = Omit<PredictionRow, 'run' | 'error'>;

/** The record with one more run at the end, numbered after the last, its error computed. */
export function appendRun(rows: readonly PredictionRow[], entry: RunEntry): PredictionRow[] {
  const run = (rows.at(-1)?.run ?? 0) + 1;
  const error =
    entry.measuredSeconds === null
      ? null
      : predictionError(entry.predictedSeconds, entry.measuredSeconds);
  return [...rows, { ...entry, run, error }];
}
