/**
 * How many runs of a kernel go into one timed batch. Browser clocks and GPU timestamps can be
 * coarse (Chrome rounds timestamps to 100 µs), so a single short run cannot be timed on its
 * own: runs are repeated back to back until one batch lasts at least a minimum time, and the
 * batch's time is divided by its runs. Pure functions.
 */

/** Shortest batch the harness times, in seconds: 100x Chrome's timestamp rounding. */
export const MIN_BATCH_SECONDS = 0.01;

/** Most runs the harness puts into one batch, so a near-empty kernel cannot loop for ever. */
export const MAX_REPEATS_PER_BATCH = 1 << 14;

/** How long a batch must last to be timed, and how many runs it may hold at most. */
export interface BatchLimits {
  /** Shortest batch timed, in seconds. */
  minBatchSeconds: number;
  /** Most runs in one batch. */
  maxRepeats: number;
}

/** The limits the harness uses unless its caller sets others. */
export const BATCH_LIMITS: BatchLimits = {
  minBatchSeconds: MIN_BATCH_SECONDS,
  maxRepeats: MAX_REPEATS_PER_BATCH,
};

/** How far past the minimum a grown batch aims, so noise does not leave it just short. */
const HEADROOM = 1.25;

/** Growth factor when a batch took no measurable time at all. */
const BLIND_GROWTH = 16;

/**
 * The runs to put in the next calibration batch, given that `repeats` runs took `seconds`.
 * Returns `repeats` unchanged once the batch is long enough or at the cap.
 */
export function nextRepeats(
  repeats: number,
  seconds: number,
  limits: BatchLimits = BATCH_LIMITS,
): number {
  if (!Number.isInteger(repeats) || repeats < 1) {
    throw new RangeError(`repeats must be an integer >= 1, got ${String(repeats)}`);
  }
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new RangeError(`seconds must be a finite number >= 0, got ${String(seconds)}`);
  }
  const { minBatchSeconds, maxRepeats } = limits;
  if (isBatchSettled(repeats, seconds, limits)) return Math.min(repeats, maxRepeats);
  const wanted =
    seconds === 0
      ? repeats * BLIND_GROWTH
      : Math.ceil(((repeats * minBatchSeconds) / seconds) * HEADROOM);
  return Math.min(maxRepeats, Math.max(repeats + 1, wanted));
}

/** True when a batch of `seconds` is long enough to time, or cannot grow any further. */
export function isBatchSettled(
  repeats: number,
  seconds: number,
  { minBatchSeconds, maxRepeats }: BatchLimits = BATCH_LIMITS,
): boolean {
  return seconds >= minBatchSeconds || repeats >= maxRepeats;
}
