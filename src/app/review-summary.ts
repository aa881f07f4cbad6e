import type { LessonSummary } from '../lessons/frontmatter';
import type { QuestionLocation } from '../lessons/question-index';
import type { QuickCheckAnswer } from '../store/progress-schema';
import type { DueReview } from '../store/review-schedule';
import { CHECK_HREF, lessonHref } from '../state/route';

/** A lesson's question score: answers right and answers given. */
export interface LessonScore {
  right: number;
  answered: number;
  /** How many questions the lesson holds. */
  questions: number;
}

/** Looks a question up by id (findQuestion in the app; a fixed table in tests). */
export type QuestionLookup = (id: string) => QuestionLocation | undefined;

/**
 * Each lesson's score from the saved answers: an answer counts for the lesson that holds its
 * question; one reopened for another try counts as answered but not right.
 */
export function lessonScores(
  lessons: readonly LessonSummary[],
  answers: Record<string, QuickCheckAnswer>,
  lookup: QuestionLookup,
  questionIds: readonly string[],
): Map<string, LessonScore> {
  const scores = new Map<string, LessonScore>(
    lessons.map((l) => [l.slug, { right: 0, answered: 0, questions: 0 }]),
  );
  for (const id of questionIds) {
    const where = lookup(id);
    const score = where ? scores.get(where.slug) : undefined;
    if (score) score.questions += 1;
  }
  for (const [id, answer] of Object.entries(answers)) {
    const where = lookup(id);
    const score = where ? scores.get(where.slug) : undefined;
    if (!score) continue;
    score.answered += 1;
    if (answer.correct && answer.reopened !== true) score.right += 1;
  }
  return scores;
}

/** One due review, ready to link. */
export interface DueLink {
  id: string;
  /** Where the question is taught; null when no lesson holds it any more. */
  href: string | null;
  lessonTitle: string | null;
  heading: string | null;
  /** The knowledge check, when the question is asked there rather than in the lesson. */
  checkHref: string | null;
  overdueDays: number;
}

/** The due reviews with links to the section of the lesson that holds each question. */
export function dueLinks(
  due: readonly DueReview[],
  lessons: readonly LessonSummary[],
  lookup: QuestionLookup,
): DueLink[] {
  return due.map(({ id, overdueDays }) => {
    const where = lookup(id);
    const lesson = where ? lessons.find((l) => l.slug === where.slug) : undefined;
    const checkHref = where?.inKnowledgeCheck ? CHECK_HREF : null;
    if (!where || !lesson) {
      return { id, href: null, lessonTitle: null, heading: null, checkHref, overdueDays };
    }
    return {
      id,
      href: lessonHref(lesson.slug, where.section ?? undefined),
      lessonTitle: lesson.title,
      heading: where.heading,
      checkHref,
      overdueDays,
    };
  });
}

/** A link to the section that teaches a question: where it goes and its words. */
export interface TeachesLink {
  href: string;
  /** 'Read “Counting the model state” in GPU memory'. */
  text: string;
}

/**
 * The link from a knowledge-check question to the section its `teaches="slug/section"` names,
 * worded with the section's heading as the lesson writes it (`heading`, from the build's question
 * index). Without a known heading it falls back to the section's id in words; without a section,
 * the lesson alone.
 */
export function teachesLink(
  teaches: string,
  heading: string | null,
  lessons: readonly LessonSummary[],
): TeachesLink {
  const [slug = '', section = ''] = teaches.split('/');
  const title = lessons.find((l) => l.slug === slug)?.title ?? slug;
  const href = lessonHref(slug, section === '' ? undefined : section);
  if (section === '') return { href, text: `Read ${title}` };
  const words = heading ?? section.replace(/-/g, ' ');
  return { href, text: `Read “${words}” in ${title}` };
}
