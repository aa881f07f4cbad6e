/**
 * Portable progress: one JSON file holding everything saved about a learner (lessons visited and
 * completed, answers, the choice-order seed, the review schedule, their own machine's
 * calibration report when they entered one, and the WGSL puzzles they solved), to carry to
 * another browser.
 * Reading a file never throws and never trusts it; applying one always keeps a backup first.
 */
import {
  PROGRESS_SCHEMA_VERSION,
  parseSavedProgress,
  type ProgressData,
  type SavedProgress,
} from './progress-schema';
import {
  REVIEW_SCHEMA_VERSION,
  dueReviews,
  reviewDataProblem,
  type ReviewData,
  type SavedReview,
} from './review-schedule';
import { describeOutside, quoteOutside } from './outside-value';
import {
  MY_MACHINE_SCHEMA_VERSION as MY_MACHINE_FILE_VERSION,
  readSavedMachine,
  savedMachineOf,
  type MyMachineState,
  type SavedMachine,
} from './my-machine';
import { readSavedPuzzles, savedPuzzlesOf, type SavedPuzzles } from './puzzle-progress';

/** The `format` every progress file names. */
export const PROGRESS_FILE_FORMAT = 'gpu-lab-progress';
/** The version of the progress file this code writes and the newest it reads. */
export const PROGRESS_FILE_VERSION = 1;
/**
 * Longest progress file read, in characters: 5 million. A real one holds a few kilobytes per
 * lesson; the bound keeps a wrong file (a video, a database dump) from tying up the page.
 */
export const MAX_PROGRESS_FILE_CHARS = 5_000_000;

/** A progress file as written. */
export interface ProgressFile {
  format: typeof PROGRESS_FILE_FORMAT;
  version: number;
  /** When it was written, ISO 8601. */
  exportedAt: string;
  progress: SavedProgress;
  review: SavedReview;
  /** The learner's machine (lesson 8); absent in files written before it was kept. */
  machine?: SavedMachine;
  /** The WGSL puzzles solved; absent in files written before they were kept. */
  puzzles?: SavedPuzzles;
}

/** The contents of a progress file that passed every check, ready to apply. */
export interface ImportedProgress {
  progress: ProgressData;
  review: ReviewData;
  /** The file's machine (its report null: none entered), or null when the file has no machine part. */
  machine: SavedMachine | null;
  /** The file's solved puzzles, or null when the file has no puzzles part. */
  puzzles: SavedPuzzles | null;
  /** When the file was written (ISO 8601), or null when it did not say. */
  exportedAt: string | null;
  /** Things the learner should know before applying it (e.g. what a migration dropped). */
  notes: string[];
}

/** The outcome of reading a progress file: its contents, or why it was refused. */
export type ProgressFileResult =
  { ok: true; value: ImportedProgress } | { ok: false; message: string };

/** The progress data alone, without the store's actions. */
export function progressDataOf(s: ProgressData): ProgressData {
  return { visited: s.visited, completed: s.completed, answers: s.answers, seed: s.seed };
}

/** The machine a browser holds, as a progress file carries it. */
export type MachineData = Pick<MyMachineState, 'report' | 'enteredAt'>;

/**
 * Builds the progress file for some progress and schedule, written at `now`, with the learner's
 * machine when one is entered. `keepEmptyMachine` writes a machine part even when none is
 * entered (a backup must restore "no machine" too; an export leaves the other browser's be).
 * Solved puzzles go in when there are any (or, with `keepEmptyMachine`, whenever given).
 */
export function buildProgressFile(
  progress: ProgressData,
  review: ReviewData,
  now: Date,
  machine: MachineData | null = null,
  keepEmptyMachine = false,
  puzzles: Readonly<Record<string, string>> | null = null,
): ProgressFile {
  return {
    format: PROGRESS_FILE_FORMAT,
    version: PROGRESS_FILE_VERSION,
    exportedAt: now.toISOString(),
    progress: { version: PROGRESS_SCHEMA_VERSION, data: progressDataOf(progress) },
    review: { version: REVIEW_SCHEMA_VERSION, data: { items: review.items } },
    ...(machine && (machine.report !== null || keepEmptyMachine)
      ? { machine: savedMachineOf(machine) }
      : {}),
    ...(puzzles && (Object.keys(puzzles).length > 0 || keepEmptyMachine)
      ? { puzzles: savedPuzzlesOf(puzzles) }
      : {}),
  };
}

/** The progress file as text (indented, so a learner can read it). */
export function serializeProgressFile(file: ProgressFile): string {
  return JSON.stringify(file, null, 2) + '\n';
}

/** The download name of a file written at `now`: gpu-lab-progress-YYYY-MM-DD.json (UTC day). */
export function progressFileName(now: Date): string {
  return `gpu-lab-progress-${now.toISOString().slice(0, 10)}.json`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const refuse = (message: string): ProgressFileResult => ({ ok: false, message });

/** The words every refusal ends with. */
export const NOTHING_CHANGED = 'Nothing was changed.';

/** What is wrong with a value meant to be progress data, as a phrase naming the field. */
export function progressDataProblem(v: unknown): string {
  if (!isRecord(v)) return '"progress.data" is not an object';
  for (const field of ['visited', 'completed'] as const) {
    const map = v[field];
    if (!isRecord(map)) return `"progress.data.${field}" is not an object`;
    const bad = Object.entries(map).find(([, t]) => typeof t !== 'string');
    if (bad) return `"progress.data.${field}" has a non-text time for ${quoteOutside(bad[0])}`;
  }
  if (!isRecord(v.answers)) return '"progress.data.answers" is not an object';
  for (const [id, a] of Object.entries(v.answers)) {
    if (!isRecord(a)) return `answer ${quoteOutside(id)} is not an object`;
    if (typeof a.correct !== 'boolean')
      return `answer ${quoteOutside(id)} has no true/false "correct"`;
    if (typeof a.answeredAt !== 'string')
      return `answer ${quoteOutside(id)} has no "answeredAt" time`;
  }
  if (v.seed !== null && typeof v.seed !== 'string') {
    return '"progress.data.seed" is neither text nor null';
  }
  return 'a field of "progress.data" has the wrong type or value';
}

function readProgressPart(
  part: unknown,
): ProgressFileResult | { data: ProgressData; notes: string[] } {
  if (!isRecord(part)) return refuse(`The file has no "progress" object. ${NOTHING_CHANGED}`);
  const version = part.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return refuse(`The file's progress has no valid schema version. ${NOTHING_CHANGED}`);
  }
  if (version > PROGRESS_SCHEMA_VERSION) {
    return refuse(
      `The file's progress is from schema version ${version}, newer than this version of GPU Lab reads (up to ${PROGRESS_SCHEMA_VERSION}). Open the file with the newer GPU Lab that wrote it. ${NOTHING_CHANGED}`,
    );
  }
  // The store's own reader checks the shape and migrates older versions. Writing the data back
  // as text overflows the stack when it is nested thousands deep: no progress is, so refuse it.
  let text: string;
  try {
    text = JSON.stringify({ version, data: part.data });
  } catch {
    return refuse(
      `The file's progress is nested far too deeply to be progress. ${NOTHING_CHANGED}`,
    );
  }
  const loaded = parseSavedProgress(text);
  if (loaded.setAside !== null && !loaded.migrated) {
    const why = version === PROGRESS_SCHEMA_VERSION ? progressDataProblem(part.data) : null;
    return refuse(
      `The file's progress has the wrong shape${why ? `: ${why}` : ` for schema version ${version}`}. ${NOTHING_CHANGED}`,
    );
  }
  const notes: string[] = [];
  if (loaded.migrated) {
    notes.push(
      `The file's progress is from schema version ${version}; it will be brought up to version ${PROGRESS_SCHEMA_VERSION}.`,
    );
    if (loaded.notice) {
      notes.push(
        'Its quick-check answers were saved by position, which no longer names a choice, so they are left out; lessons visited and completed come across.',
      );
    }
  }
  return { data: loaded.data, notes };
}

function readReviewPart(part: unknown): ProgressFileResult | { data: ReviewData } {
  if (!isRecord(part)) return refuse(`The file has no "review" object. ${NOTHING_CHANGED}`);
  const version = part.version;
  if (typeof version === 'number' && version > REVIEW_SCHEMA_VERSION) {
    return refuse(
      `The file's review schedule is from schema version ${version}, newer than this version of GPU Lab reads (up to ${REVIEW_SCHEMA_VERSION}). ${NOTHING_CHANGED}`,
    );
  }
  if (version !== REVIEW_SCHEMA_VERSION) {
    return refuse(
      `The file's review schedule has an unknown schema version (${describeOutside(version)}). ${NOTHING_CHANGED}`,
    );
  }
  const problem = reviewDataProblem(part.data);
  if (problem !== null) {
    return refuse(`The file's review schedule has the wrong shape: ${problem}. ${NOTHING_CHANGED}`);
  }
  return { data: part.data as ReviewData };
}

/**
 * Reads a progress file's text. Refuses, with a message naming the problem, text longer than
 * MAX_PROGRESS_FILE_CHARS, text that is not JSON, is not a GPU Lab progress file, comes from an
 * unknown or newer version, or has the wrong shape; migrates progress from an older schema
 * version with the store's own migration.
 */
export function parseProgressFile(text: string): ProgressFileResult {
  if (text.length > MAX_PROGRESS_FILE_CHARS) {
    return refuse(
      `This file is too large to be a progress file (${text.length.toLocaleString('en-US')} characters; a progress file stays far below ${MAX_PROGRESS_FILE_CHARS.toLocaleString('en-US')}). ${NOTHING_CHANGED}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse(
      `This file is not valid JSON, so it cannot be a progress file. ${NOTHING_CHANGED}`,
    );
  }
  if (!isRecord(parsed) || parsed.format !== PROGRESS_FILE_FORMAT) {
    const format = isRecord(parsed) ? describeOutside(parsed.format) : 'none';
    return refuse(
      `This is not a GPU Lab progress file (its "format" is ${format}, expected "${PROGRESS_FILE_FORMAT}"). ${NOTHING_CHANGED}`,
    );
  }
  const version = parsed.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return refuse(
      `The file has no valid "version" (found ${describeOutside(version)}). ${NOTHING_CHANGED}`,
    );
  }
  if (version > PROGRESS_FILE_VERSION) {
    return refuse(
      `The file was written by a newer GPU Lab (file version ${version}; this one reads up to ${PROGRESS_FILE_VERSION}). ${NOTHING_CHANGED}`,
    );
  }
  const progress = readProgressPart(parsed.progress);
  if ('ok' in progress) return progress;
  const review = readReviewPart(parsed.review);
  if ('ok' in review) return review;
  let machine: SavedMachine | null = null;
  if (Object.hasOwn(parsed, 'machine')) {
    const read = readSavedMachine(parsed.machine);
    if (!read.ok)
      return refuse(`The file's machine cannot be used: ${read.message}. ${NOTHING_CHANGED}`);
    machine = { version: MY_MACHINE_FILE_VERSION, report: read.report, enteredAt: read.enteredAt };
  }
  let puzzles: SavedPuzzles | null = null;
  if (Object.hasOwn(parsed, 'puzzles')) {
    const read = readSavedPuzzles(parsed.puzzles);
    if (!read.ok)
      return refuse(
        `The file's solved puzzles cannot be used: ${read.message}. ${NOTHING_CHANGED}`,
      );
    puzzles = savedPuzzlesOf(read.solved);
  }
  const exportedAt = typeof parsed.exportedAt === 'string' ? parsed.exportedAt : null;
  return {
    ok: true,
    value: {
      progress: progress.data,
      review: review.data,
      machine,
      puzzles,
      exportedAt,
      notes: progress.notes,
    },
  };
}

/** Counts that describe some progress, to set a file beside what a browser holds. */
export interface ProgressCounts {
  lessonsVisited: number;
  lessonsCompleted: number;
  questionsAnswered: number;
  questionsRight: number;
  reviewScheduled: number;
  reviewDue: number;
}

/** Counts of what some progress and schedule hold; `now` decides what is due. */
export function progressCounts(
  progress: ProgressData,
  review: ReviewData,
  now: Date,
): ProgressCounts {
  const answers = Object.values(progress.answers);
  return {
    lessonsVisited: Object.keys(progress.visited).length,
    lessonsCompleted: Object.keys(progress.completed).length,
    questionsAnswered: answers.length,
    questionsRight: answers.filter((a) => a.correct).length,
    reviewScheduled: Object.keys(review.items).length,
    reviewDue: dueReviews(review, now).length,
  };
}

/** Whether there is nothing saved worth protecting (no visits, answers or schedule). */
export function isBlank(counts: ProgressCounts): boolean {
  return Object.values(counts).every((n) => n === 0);
}
