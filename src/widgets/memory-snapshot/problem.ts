/**
 * What can go wrong with a file the learner opens, as data: a kind the view can style and test
 * against, a message in plain words, and where in the file it happened. Pure.
 */

/** The kinds of problem a snapshot file can have. */
export type ProblemKind =
  | 'empty'
  | 'too-large'
  | 'not-pickle'
  | 'truncated'
  | 'refused'
  | 'limit'
  | 'malformed'
  | 'not-snapshot'
  | 'read-failed'
  | 'cancelled';

/** One problem, ready to show. */
export interface SnapshotProblem {
  kind: ProblemKind;
  /** One or two sentences for the learner: what is wrong and what to do. */
  message: string;
  /** Byte offset in the file where the reader stopped, when it applies. */
  offsetBytes?: number;
}

/** An error carrying a {@link SnapshotProblem}; the reader and the model throw it. */
export class SnapshotError extends Error {
  readonly problem: SnapshotProblem;

  constructor(problem: SnapshotProblem) {
    super(problem.message);
    this.name = 'SnapshotError';
    this.problem = problem;
  }
}

/** The problem behind any thrown value: a SnapshotError's own, else a generic malformed file. */
export function problemOf(error: unknown): SnapshotProblem {
  if (error instanceof SnapshotError) return error.problem;
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'malformed', message: `The file could not be read: ${detail}` };
}
