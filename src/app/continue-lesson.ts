import type { LessonSummary } from '../lessons/frontmatter';

/** What the course home's leading link offers. */
export type NextStep =
  /** A first visit (nothing opened, nothing completed): lesson 1. */
  | { kind: 'start'; lesson: LessonSummary }
  /** The lesson to go on with. */
  | { kind: 'continue'; lesson: LessonSummary }
  /** Every lesson is completed. */
  | { kind: 'finished' };

/**
 * The lesson the course home leads with, from the progress the learner saved (`visited` and
 * `completed` map a lesson's slug to the time, ISO 8601, it was first opened or marked done):
 *
 * 1. Nothing opened and nothing completed: start with the first lesson.
 * 2. Otherwise, of the lessons opened and not completed, the one opened most recently (the
 *    progress keeps each lesson's first opening, so this is the lesson the learner reached
 *    last, which is where a reader going through the course in order stands, whether or not
 *    they tick "I have finished" on the lessons before it). Equal times go to the later lesson.
 * 3. When every opened lesson is completed: the first lesson in course order not completed.
 * 4. When every lesson is completed: finished.
 *
 * Slugs of lessons no longer in the course are ignored.
 */
export function nextStep(
  lessons: readonly LessonSummary[],
  visited: Readonly<Record<string, string>>,
  completed: Readonly<Record<string, string>>,
): NextStep {
  const first = lessons[0];
  const started = lessons.some((l) => visited[l.slug] || completed[l.slug]);
  if (first && !started) return { kind: 'start', lesson: first };
  let latest: { lesson: LessonSummary; atMs: number } | null = null;
  for (const lesson of lessons) {
    const at = visited[lesson.slug];
    if (!at || completed[lesson.slug]) continue;
    // An unreadable time counts as the oldest.
    const atMs = Date.parse(at);
    const known = Number.isNaN(atMs) ? -Infinity : atMs;
    if (latest === null || known >= latest.atMs) latest = { lesson, atMs: known };
  }
  if (latest) return { kind: 'continue', lesson: latest.lesson };
  const open = lessons.find((l) => !completed[l.slug]);
  return open ? { kind: 'continue', lesson: open } : { kind: 'finished' };
}
