import { SEED_PATTERN } from './progress-seed';

/**
 * Current schema version of saved progress. Bump it (and add a migration) when the shape changes
 * in a way that older records or older readers cannot take. Optional fields that older records
 * lack and older readers ignore (an answer's firstCorrect, bestCorrect, misses, answerShownAt,
 * revealed) keep the version: a record without them reads as it always did.
 */
export const PROGRESS_SCHEMA_VERSION = 2;

/** A learner's answer to one quick check. */
export interface QuickCheckAnswer {
  /** The chosen choice's key (from its text), so a reordered or rewritten quick check stays right. */
  choice: string;
  correct: boolean;
  /** When it was answered, ISO 8601. */
  answeredAt: string;
  /** How many times it has been answered (records saved before this field count as one). */
  attempts?: number;
  /** Set when the learner asked to answer it again: the record counts as missed but not shown. */
  reopened?: boolean;
  /**
   * Whether the first answer was right. Absent: the same as `correct` for a record answered
   * once, unknown (read as not right) for one answered more often (see answer-record.ts).
   */
  firstCorrect?: boolean;
  /** Whether any answer was right. Absent: `correct`, or the first answer's grade. */
  bestCorrect?: boolean;
  /** Wrong answers in a row up to this one. Absent: 0 when `correct`, else 1. */
  misses?: number;
  /** When the right answer was last shown to the learner (they asked for it), ISO 8601. */
  answerShownAt?: string;
  /**
   * This answer was given the day its right answer was shown: recorded as revealed, so
   * `correct` is false whatever was answered. Absent: false.
   */
  revealed?: boolean;
}

/** Everything about a learner's progress that is kept across reloads. */
export interface ProgressData {
  /** Lesson slug → first visit time (ISO 8601). */
  visited: Record<string, string>;
  /** Lesson slug → completion time (ISO 8601). */
  completed: Record<string, string>;
  /** Quick-check id → latest answer. */
  answers: Record<string, QuickCheckAnswer>;
  /** Orders each quick check's choices for this learner; null until a quick check first needs it. */
  seed: string | null;
}

/** The saved envelope: data plus the schema version it was written with. */
export interface SavedProgress {
  version: number;
  data: ProgressData;
}

/** Empty progress, for a first visit. */
export function emptyProgress(): ProgressData {
  return { visited: {}, completed: {}, answers: {}, seed: null };
}

/** Outcome of reading saved progress: the data to use, and a notice when something was set aside. */
export interface LoadResult {
  data: ProgressData;
  /** A message for the learner when saved data could not be used; null when all was well. */
  notice: string | null;
  /** The raw text that was set aside, when it was. */
  setAside: string | null;
  /** True when the data was migrated from an older version and should be saved again now. */
  migrated: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isTimeMap = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.values(v).every((t) => typeof t === 'string');

const isAnswer = (v: unknown): v is QuickCheckAnswer =>
  isRecord(v) &&
  typeof v.choice === 'string' &&
  v.choice !== '' &&
  typeof v.correct === 'boolean' &&
  typeof v.answeredAt === 'string' &&
  (v.attempts === undefined ||
    (typeof v.attempts === 'number' && Number.isInteger(v.attempts) && v.attempts >= 1)) &&
  (v.reopened === undefined || typeof v.reopened === 'boolean') &&
  (v.firstCorrect === undefined || typeof v.firstCorrect === 'boolean') &&
  (v.bestCorrect === undefined || typeof v.bestCorrect === 'boolean') &&
  (v.misses === undefined ||
    (typeof v.misses === 'number' && Number.isInteger(v.misses) && v.misses >= 0)) &&
  (v.answerShownAt === undefined || typeof v.answerShownAt === 'string') &&
  (v.revealed === undefined || typeof v.revealed === 'boolean') &&
  // A revealed answer is never recorded as correct.
  !(v.revealed === true && v.correct === true);

/** Version 1 kept the chosen choice as its index in the lesson's authored order. */
const isVersion1Answer = (v: unknown): boolean =>
  isRecord(v) &&
  typeof v.choice === 'number' &&
  Number.isInteger(v.choice) &&
  v.choice >= 0 &&
  typeof v.correct === 'boolean' &&
  typeof v.answeredAt === 'string';

/** Checks that a value has exactly the shape of ProgressData. */
export function isProgressData(v: unknown): v is ProgressData {
  return (
    isRecord(v) &&
    isTimeMap(v.visited) &&
    isTimeMap(v.completed) &&
    isRecord(v.answers) &&
    Object.values(v.answers).every(isAnswer) &&
    (v.seed === null || (typeof v.seed === 'string' && SEED_PATTERN.test(v.seed)))
  );
}

const fresh = (notice: string, raw: string): LoadResult => ({
  data: emptyProgress(),
  notice,
  setAside: raw,
  migrated: false,
});

const DAMAGED =
  'Your saved progress is damaged (some fields have the wrong type), so it was set aside and a fresh record started.';

/**
 * Version 1 → 2: lessons visited and completed carry over. Quick-check answers were saved by
 * position, which no longer names a choice once choices are shuffled per learner, so they are
 * dropped; when there were any, the old record is set aside (never deleted) with a notice.
 */
function migrateVersion1(data: unknown, raw: string): LoadResult {
  if (
    !isRecord(data) ||
    !isTimeMap(data.visited) ||
    !isTimeMap(data.completed) ||
    !isRecord(data.answers) ||
    !Object.values(data.answers).every(isVersion1Answer)
  ) {
    return fresh(DAMAGED, raw);
  }
  const migrated = { ...emptyProgress(), visited: data.visited, completed: data.completed };
  const hadAnswers = Object.keys(data.answers).length > 0;
  return {
    data: migrated,
    notice: hadAnswers
      ? 'Quick checks now show their choices in an order of their own for each learner, so your earlier quick-check answers were cleared (the old record was set aside, not deleted). Your visited and completed lessons are kept.'
      : null,
    setAside: hadAnswers ? raw : null,
    migrated: true,
  };
}

/**
 * Parses saved progress text. Missing text gives empty progress silently; text that is not
 * JSON, has the wrong shape, or carries an unknown schema version gives empty progress, a notice,
 * and the raw text back so the caller can set it aside rather than lose it. Version 1 is
 * migrated (see migrateVersion1).
 */
export function parseSavedProgress(raw: string | null): LoadResult {
  if (raw === null) return { data: emptyProgress(), notice: null, setAside: null, migrated: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return fresh(
      'Your saved progress could not be read (it is not valid JSON), so it was set aside and a fresh record started.',
      raw,
    );
  }
  if (!isRecord(parsed) || typeof parsed.version !== 'number') {
    return fresh(
      'Your saved progress has no schema version, so it was set aside and a fresh record started.',
      raw,
    );
  }
  if (parsed.version === 1) return migrateVersion1(parsed.data, raw);
  if (parsed.version !== PROGRESS_SCHEMA_VERSION) {
    return fresh(
      `Your saved progress is from schema version ${parsed.version}, which this version of GPU Lab does not know (it reads version ${PROGRESS_SCHEMA_VERSION}). It was set aside and a fresh record started.`,
      raw,
    );
  }
  if (!isProgressData(parsed.data)) return fresh(DAMAGED, raw);
  return { data: parsed.data, notice: null, setAside: null, migrated: false };
}

/** Serialises progress with its schema version. */
export function serializeProgress(data: ProgressData): string {
  const saved: SavedProgress = { version: PROGRESS_SCHEMA_VERSION, data };
  return JSON.stringify(saved);
}
