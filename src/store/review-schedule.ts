/**
 * The review schedule: a small spaced-repetition model, pure (no clock of its own, no storage).
 *
 * A question answered wrongly joins the schedule, due one UTC day later. Answered right when it
 * is due, it climbs one step and is due again after the next, longer interval; past the last
 * step it leaves the schedule. Answered wrongly at any time, it drops back to the first step.
 * An answer given before the question is due (a retry straight after a miss) changes nothing,
 * so a question missed today always comes back on a later day.
 */

import { describeOutside, quoteOutside } from './outside-value';

/** Days between reviews, step by step. */
export const REVIEW_INTERVALS_DAYS: readonly number[] = [1, 3, 7, 21];

/** Current schema version of the saved review schedule. */
export const REVIEW_SCHEMA_VERSION = 1;

/** Milliseconds in one UTC day. */
const MS_PER_DAY = 86_400_000;

/** One question on the schedule. */
export interface ReviewItem {
  /** Index into REVIEW_INTERVALS_DAYS of the interval that led to `dueDay`. */
  step: number;
  /** The UTC day (YYYY-MM-DD) from which the question is due. */
  dueDay: string;
  /** When it was last answered, ISO 8601. */
  lastAnsweredAt: string;
}

/** The whole schedule: question id → its place on it. */
export interface ReviewData {
  items: Record<string, ReviewItem>;
}

/** The saved envelope of the schedule. */
export interface SavedReview {
  version: number;
  data: ReviewData;
}

/** An empty schedule. */
export function emptyReview(): ReviewData {
  return { items: {} };
}

/** The UTC day (YYYY-MM-DD) a moment falls on, whatever the local time zone. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The UTC day `days` after a UTC day (YYYY-MM-DD), across month and year ends. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole UTC days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

/** Whether an item is due on a UTC day. */
export function isDue(item: ReviewItem, today: string): boolean {
  return item.dueDay <= today;
}

/**
 * The schedule after an answer to question `id` given at `answeredAt`. Returns the same object
 * when the answer changes nothing (right first time, or right before the question is due).
 */
export function recordReviewAnswer(
  data: ReviewData,
  id: string,
  correct: boolean,
  answeredAt: Date,
): ReviewData {
  const today = utcDay(answeredAt);
  const item = data.items[id];
  const at = answeredAt.toISOString();
  if (!correct) {
    const first = REVIEW_INTERVALS_DAYS[0] ?? 1;
    return {
      items: {
        ...data.items,
        [id]: { step: 0, dueDay: addDays(today, first), lastAnsweredAt: at },
      },
    };
  }
  if (item === undefined || !isDue(item, today)) return data;
  const step = item.step + 1;
  const intervalDays = REVIEW_INTERVALS_DAYS[step];
  const items = { ...data.items };
  if (intervalDays === undefined) delete items[id];
  else items[id] = { step, dueDay: addDays(today, intervalDays), lastAnsweredAt: at };
  return { items };
}

/** One due question, for a list. */
export interface DueReview {
  id: string;
  item: ReviewItem;
  /** Days since it fell due (0 when it is due today). */
  overdueDays: number;
}

/** The questions due on the UTC day of `now`, the longest overdue first, then by id. */
export function dueReviews(data: ReviewData, now: Date): DueReview[] {
  const today = utcDay(now);
  return Object.entries(data.items)
    .filter(([, item]) => isDue(item, today))
    .map(([id, item]) => ({ id, item, overdueDays: daysBetween(item.dueDay, today) }))
    .sort((a, b) => b.overdueDays - a.overdueDays || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The earliest UTC day on which something not yet due falls due; null when none. */
export function nextDueDay(data: ReviewData, now: Date): string | null {
  const today = utcDay(now);
  const later = Object.values(data.items)
    .map((i) => i.dueDay)
    .filter((d) => d > today)
    .sort();
  return later[0] ?? null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a value meant to be ReviewData, as a phrase; null when it is fine. */
export function reviewDataProblem(v: unknown): string | null {
  if (!isRecord(v)) return 'the schedule is not an object';
  if (!isRecord(v.items)) return 'the schedule has no "items" object';
  for (const [id, item] of Object.entries(v.items)) {
    if (!isRecord(item)) return `review item ${quoteOutside(id)} is not an object`;
    const { step, dueDay, lastAnsweredAt } = item;
    if (
      typeof step !== 'number' ||
      !Number.isInteger(step) ||
      step < 0 ||
      step >= REVIEW_INTERVALS_DAYS.length
    ) {
      return `review item ${quoteOutside(id)} has a step outside 0–${REVIEW_INTERVALS_DAYS.length - 1}`;
    }
    if (
      typeof dueDay !== 'string' ||
      !DAY_PATTERN.test(dueDay) ||
      Number.isNaN(Date.parse(dueDay))
    ) {
      return `review item ${quoteOutside(id)} has no due day of the form YYYY-MM-DD`;
    }
    if (typeof lastAnsweredAt !== 'string')
      return `review item ${quoteOutside(id)} has no answer time`;
  }
  return null;
}

/** Whether a value has exactly the shape of ReviewData. */
export function isReviewData(v: unknown): v is ReviewData {
  return reviewDataProblem(v) === null;
}

/** Outcome of reading a saved schedule (see parseSavedReview). */
export interface ReviewLoadResult {
  data: ReviewData;
  /** A message for the learner when saved data could not be used; null when all was well. */
  notice: string | null;
  /** The raw text to set aside, when it could not be used. */
  setAside: string | null;
}

const freshReview = (notice: string, raw: string): ReviewLoadResult => ({
  data: emptyReview(),
  notice,
  setAside: raw,
});

/**
 * Parses saved schedule text. Missing text gives an empty schedule silently; text that is not
 * JSON, has the wrong shape or an unknown version gives an empty schedule, a notice, and the raw
 * text back so the caller can set it aside rather than lose it.
 */
export function parseSavedReview(raw: string | null): ReviewLoadResult {
  if (raw === null) return { data: emptyReview(), notice: null, setAside: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return freshReview(
      'Your saved review schedule could not be read (it is not valid JSON), so it was set aside and a fresh one started.',
      raw,
    );
  }
  if (!isRecord(parsed) || parsed.version !== REVIEW_SCHEMA_VERSION) {
    const version = isRecord(parsed) ? describeOutside(parsed.version) : 'none';
    return freshReview(
      `Your saved review schedule has schema version ${version}, which this version of GPU Lab does not read (it reads version ${REVIEW_SCHEMA_VERSION}). It was set aside and a fresh one started.`,
      raw,
    );
  }
  const problem = reviewDataProblem(parsed.data);
  if (problem !== null) {
    return freshReview(
      `Your saved review schedule is damaged (${problem}), so it was set aside and a fresh one started.`,
      raw,
    );
  }
  return { data: parsed.data as ReviewData, notice: null, setAside: null };
}

/** Serialises the schedule with its schema version. */
export function serializeReview(data: ReviewData): string {
  const saved: SavedReview = { version: REVIEW_SCHEMA_VERSION, data };
  return JSON.stringify(saved);
}
