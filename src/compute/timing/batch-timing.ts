/** The time of one timed batch, shared by the harness and the clock's completion timing. */

/** How a batch was timed: GPU timestamps around the work, or the wait for the queue to finish. */
export type TimingMethod = 'timestamp-query' | 'completion';

/** The time of one batch, and how it was taken. */
export interface BatchTiming {
  /** Seconds the whole batch took. */
  seconds: number;
  method: TimingMethod;
}
