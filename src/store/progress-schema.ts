/** Current schema version of saved progress. Bump it (and add a migration) when the shape changes. */
export const PROGRESS_SCHEMA_VERSION = 1;

/** A learner's answer to one quick check. */
export interface QuickCheckAnswer {
  /** Index of the chosen option. */
  choice: number;
  correct: boolean;
  /** When it was answered, ISO 8601. */
  answeredAt: string;
}

/** Everything about a learner's progress that is kept across reloads. */
export interface ProgressData {
  /** Lesson slug → first visit time (ISO 8601). */
  visited: Record<string, string>;
  /** Lesson slug → completion time (ISO 8601). */
  completed: Record<string, string>;
  /** Quick-check id → latest answer. */
  answers: Record<string, QuickCheckAnswer>;
}

/** The saved envelope: data plus the schema version it was written with. */
export interface SavedProgress {
  version: number;
  data: ProgressData;
}

/** Empty progress, for a first visit. */
export function emptyProgress(): ProgressData {
  return { visited: {}, completed: {}, answers: {} };
}

/** Outcome of reading saved progress: the data to use, and a notice when something was set aside. */
export interface LoadResult {
  data: ProgressData;
  /** A message for the learner when saved data could not be used; null when all was well. */
  notice: string | null;
  /** The raw text that was set aside, when it was. */
  setAside: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isTimeMap = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.values(v).every((t) => typeof t === 'string');

const isAnswer = (v: unknown): v is QuickCheckAnswer =>
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
    Object.values(v.answers).every(isAnswer)
  );
}

/**
 * Parses saved progress text. Missing text gives empty progress silently; text that is not
 * JSON, has the wrong shape, or carries an unknown schema version gives empty progress, a notice,
 * and the raw text back so the caller can set it aside rather than lose it.
 */
export function parseSavedProgress(raw: string | null): LoadResult {
  if (raw === null) return { data: emptyProgress(), notice: null, setAside: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {
      data: emptyProgress(),
      notice:
        'Your saved progress could not be read (it is not valid JSON), so it was set aside and a fresh record started.',
      setAside: raw,
    };
  }
  if (!isRecord(parsed) || typeof parsed.version !== 'number') {
    return {
      data: emptyProgress(),
      notice:
        'Your saved progress has no schema version, so it was set aside and a fresh record started.',
      setAside: raw,
    };
  }
  if (parsed.version !== PROGRESS_SCHEMA_VERSION) {
    return {
      data: emptyProgress(),
      notice: `Your saved progress is from schema version ${parsed.version}, which this version of GPU Lab does not know (it reads version ${PROGRESS_SCHEMA_VERSION}). It was set aside and a fresh record started.`,
      setAside: raw,
    };
  }
  if (!isProgressData(parsed.data)) {
    return {
      data: emptyProgress(),
      notice:
        'Your saved progress is damaged (some fields have the wrong type), so it was set aside and a fresh record started.',
      setAside: raw,
    };
  }
  return { data: parsed.data, notice: null, setAside: null };
}

/** Serialises progress with its schema version. */
export function serializeProgress(data: ProgressData): string {
  const saved: SavedProgress = { version: PROGRESS_SCHEMA_VERSION, data };
  return JSON.stringify(saved);
}
