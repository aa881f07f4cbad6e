import type { LessonSummary } from '../lessons/frontmatter';

/** Where a learner stands with one lesson. */
export type LessonStatus = 'not-started' | 'visited' | 'completed';

/** The status of a lesson from the visited and completed maps. */
export function lessonStatus(
  slug: string,
  visited: Record<string, string>,
  completed: Record<string, string>,
): LessonStatus {
  if (completed[slug]) return 'completed';
  if (visited[slug]) return 'visited';
  return 'not-started';
}

/** How many of the course's lessons are completed (ignoring saved slugs of removed lessons). */
export function courseProgress(
  lessons: readonly LessonSummary[],
  completed: Record<string, string>,
): { completed: number; total: number } {
  return { completed: lessons.filter((l) => completed[l.slug]).length, total: lessons.length };
}
