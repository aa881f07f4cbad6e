/**
 * What can go wrong with a trace the learner opens, as data: a kind the view can style and test
 * against, a message in plain words, and where in the file it happened. Pure.
 */

/** The kinds of problem a trace file can have. */
export type TraceProblemKind =
  | 'empty'
  | 'too-large'
  | 'not-json'
  | 'truncated'
  | 'not-trace'
  | 'no-events'
  | 'limit'
  | 'read-failed'
  | 'cancelled';

/** One problem, ready to show. */
export interface TraceProblem {
  kind: TraceProblemKind;
  /** One or two sentences for the learner: what is wrong and what to do. */
  message: string;
  /** Character offset in the (decompressed) JSON text where the reader stopped, when it applies. */
  offsetChars?: number;
}

/** An error carrying a {@link TraceProblem}; the reader throws it. */
export class TraceError extends Error {
  readonly problem: TraceProblem;

  constructor(problem: TraceProblem) {
    super(problem.message);
    this.name = 'TraceError';
    this.problem = problem;
  }
}

/** The problem behind any thrown value: a TraceError's own, else a generic read failure. */
export function traceProblemOf(error: unknown): TraceProblem {
  if (error instanceof TraceError) return error.problem;
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'read-failed', message: `The file could not be read: ${detail.slice(0, 200)}` };
}

/** A short title for each kind of problem. */
export const TRACE_PROBLEM_TITLES: Record<TraceProblemKind, string> = {
  empty: 'The file is empty',
  'too-large': 'The file is too large for this page',
  'not-json': 'Not a JSON file',
  truncated: 'The file is cut short',
  'not-trace': 'Not a profiler trace',
  'no-events': 'No events to show',
  limit: 'Over a safety limit',
  'read-failed': 'The file could not be read',
  cancelled: 'Stopped',
};
