/**
 * What the class report knows about each learner once their files are read, the same whether it
 * came from a progress file or from xAPI statements, and what one reading gives back. Plain data
 * in Maps (never objects keyed by outside text, so a key such as `__proto__` is only a key); it
 * crosses from the reading worker to the page by structured clone.
 */

/** A learner's latest answer to one question. */
export interface LearnerAnswer {
  /** The choice's key (a choice question), or the answer as given (numbers, orders). */
  choice: string;
  /** Right, as the course counts it: a reopened or revealed answer is not. */
  correct: boolean;
  /** When, ISO 8601 ('' when unknown). */
  at: string;
}

/** Where a learner's record came from. */
export type LearnerSource = 'progress file' | 'statements';

/** One learner. */
export interface LearnerRecord {
  /** From the file's name or the statements' actor; shown as text, never as markup. */
  label: string;
  source: LearnerSource;
  /** The file (or files) it was read from. */
  origin: string;
  /**
   * What makes two records the same learner: a progress file's choice-order seed (one per
   * browser), or the statements' actor; null when the file has no seed yet.
   */
  identity: string | null;
  /** When the progress file was written, ISO 8601, or null. */
  exportedAt: string | null;
  /** Lesson slug → first visit. */
  visited: Map<string, string>;
  /** Lesson slug → completion. */
  completed: Map<string, string>;
  /** Question id → latest answer. */
  answers: Map<string, LearnerAnswer>;
  /** Puzzle id → when solved. */
  puzzles: Map<string, string>;
  /** The latest time anything was recorded, ISO 8601, or null. */
  lastActivity: string | null;
  /** What reading it changed (an older version brought up to date). */
  notes: string[];
}

/** A question's text and its choices' texts, as statements carry them. */
export interface QuestionText {
  question: string | null;
  /** Choice key → the text the learner read. */
  choices: Map<string, string>;
}

/** A file (or a file in a zip) that could not be counted, and why. */
export interface InputProblem {
  file: string;
  message: string;
}

/** Records of one learner found more than once: which one counts and which do not. */
export interface DuplicateGroup {
  label: string;
  /** The origin of the record that counts (the newest). */
  kept: string;
  /** The origins of the records left out. */
  dropped: string[];
  /** Why they are the same learner, in words. */
  reason: string;
}

/** Everything one reading gives. */
export interface ClassData {
  /** The learners counted, in the order their files came. */
  learners: LearnerRecord[];
  problems: InputProblem[];
  duplicates: DuplicateGroup[];
  /** Sentences about what was left out that names no file (statements without a learner). */
  notes: string[];
  /** Question id → its text and choices, where statements carried them. */
  texts: Map<string, QuestionText>;
  /** Files looked at, zips' insides included. */
  filesRead: number;
  /** Statements read. */
  statementsRead: number;
}

/** The latest of some ISO times ('' and unreadable ones ignored), or null. */
export function latestTime(times: Iterable<string | null>): string | null {
  let best: string | null = null;
  let bestMs = -Infinity;
  for (const t of times) {
    if (!t) continue;
    const ms = Date.parse(t);
    if (Number.isFinite(ms) && ms > bestMs) {
      bestMs = ms;
      best = t;
    }
  }
  return best;
}
