import type { LessonSummary } from '../lessons/frontmatter';
import type { QuestionLocation } from '../lessons/question-index';
import { summarizeCheck } from '../lessons/questions/check-page';
import type { ProgressData } from '../store/progress-schema';
import { lessonScores } from './review-summary';

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

/**
 * A day in words, British style whatever the browser's language (the course is in English):
 * "6 December 2026"; null when `iso` is not a time.
 */
export function dayInWords(iso: string, timeZone?: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(at);
}

/** One lesson as the progress page lists it. */
export interface LessonProgress {
  slug: string;
  order: number;
  title: string;
  status: LessonStatus;
  /** First visit, ISO 8601, or null. */
  visitedAt: string | null;
  /** Completion, ISO 8601, or null. */
  completedAt: string | null;
  /** The lesson's own questions (the knowledge check's are counted apart): answered right. */
  right: number;
  /** Answered and not right (a question reopened for another try counts here). */
  missed: number;
  /** How many questions the lesson holds. */
  questions: number;
}

/** Where each question is asked, by id (the build's question index, or a fixed table in tests). */
export type QuestionIndex = Readonly<Record<string, QuestionLocation>>;

/** The index's entry for an id, own keys only. */
const locate = (index: QuestionIndex, id: string): QuestionLocation | undefined =>
  Object.hasOwn(index, id) ? index[id] : undefined;

/**
 * Each lesson's score over its own questions only (lessonScores, with the knowledge check's
 * questions left out even where they teach that lesson): what the course home's cards and the
 * progress page both show, so the two never count a lesson's questions differently.
 */
export function ownLessonScores(
  lessons: readonly LessonSummary[],
  answers: ProgressData['answers'],
  index: QuestionIndex,
): ReturnType<typeof lessonScores> {
  const inLesson = (id: string) => {
    const where = locate(index, id);
    return where && !where.inKnowledgeCheck ? where : undefined;
  };
  return lessonScores(lessons, answers, inLesson, Object.keys(index));
}

/**
 * Every lesson in course order with where the learner stands: visited and completed (with
 * when), and its own questions answered right and missed (lessonScores, with the knowledge
 * check's questions left to knowledgeCheckProgress).
 */
export function lessonProgress(
  lessons: readonly LessonSummary[],
  progress: Pick<ProgressData, 'visited' | 'completed' | 'answers'>,
  index: QuestionIndex,
): LessonProgress[] {
  const scores = ownLessonScores(lessons, progress.answers, index);
  const { visited, completed } = progress;
  return lessons.map((l) => {
    const score = scores.get(l.slug) ?? { right: 0, answered: 0, questions: 0 };
    return {
      slug: l.slug,
      order: l.order,
      title: l.title,
      status: lessonStatus(l.slug, visited, completed),
      visitedAt: Object.hasOwn(visited, l.slug) ? (visited[l.slug] ?? null) : null,
      completedAt: Object.hasOwn(completed, l.slug) ? (completed[l.slug] ?? null) : null,
      right: score.right,
      missed: score.answered - score.right,
      questions: score.questions,
    };
  });
}

/**
 * The knowledge check's score from the saved answers (summarizeCheck over the questions the
 * index places on it): right, missed, answered and how many it holds.
 */
export function knowledgeCheckProgress(
  index: QuestionIndex,
  answers: ProgressData['answers'],
): { right: number; missed: number; answered: number; total: number } {
  const items = Object.entries(index)
    .filter(([, where]) => where.inKnowledgeCheck)
    .map(([id]) => ({ id, question: '', explanation: '', teaches: '' }));
  const summary = summarizeCheck(items, answers);
  return {
    right: summary.correct,
    missed: summary.missed.length,
    answered: summary.answered,
    total: summary.total,
  };
}
