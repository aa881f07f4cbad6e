/**
 * The clock every GPU timing reads, injected so that tests drive time by hand and no test ever
 * depends on how long real work took. Times are seconds on a monotonic clock.
 */
import type { BatchTiming } from './batch-timing';

/** Seconds on a monotonic clock. */
export type Clock = () => number;

/** The page's clock: performance.now() in seconds. */
export const performanceClock: Clock = () => performance.now() / 1000;

/**
 * Times `work` from its start until it resolves, on `clock`: the harness's timing for work the
 * GPU cannot timestamp (queue writes, buffer mapping, a whole race run).
 */
export async function timeCompletion(
  clock: Clock,
  work: () => Promise<void>,
): Promise<BatchTiming> {
  const start = clock();
  await work();
  return { seconds: Math.max(0, clock() - start), method: 'completion' };
}
