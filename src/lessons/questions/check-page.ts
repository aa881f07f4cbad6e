/** The knowledge check's summary: score, missed questions and where each is taught. Pure. */
import { firstAnswerRight } from '../../store/answer-record';
import type { QuickCheckAnswer } from '../../store/progress-schema';

/** One question as the knowledge check lists it. */
export interface CheckItem {
  id: string;
  question: string;
  explanation: string;
  /** "lesson-slug/heading-slug" of the section that teaches it. */
  teaches: string;
}

/** Score and the missed items of a check, from the saved answers. */
export interface CheckSummary {
  total: number;
  answered: number;
  correct: number;
  /**
   * Questions whose first answer was right: the honest score, which a retry after reading the
   * review cannot raise.
   */
  firstTry: number;
  missed: CheckItem[];
}

/** Sums up a check: a reopened record counts as missed until it is answered again. */
export function summarizeCheck(
  items: readonly CheckItem[],
  answers: Readonly<Record<string, QuickCheckAnswer>>,
): CheckSummary {
  let answered = 0;
  let correct = 0;
  let firstTry = 0;
  const missed: CheckItem[] = [];
  for (const item of items) {
    const a = Object.hasOwn(answers, item.id) ? answers[item.id] : undefined;
    if (!a) continue;
    answered++;
    if (firstAnswerRight(a)) firstTry++;
    if (a.correct && !a.reopened) correct++;
    else missed.push(item);
  }
  return { total: items.length, answered, correct, firstTry, missed };
}

/** The link to the section a question's `teaches` names ("#/lesson/slug/heading"). */
export function teachesHref(teaches: string): string {
  const [lesson = '', section] = teaches.split('/');
  return section ? `#/lesson/${lesson}/${section}` : `#/lesson/${lesson}`;
}

/** The pattern a `teaches=` value must match: a lesson slug, a slash, a heading id. */
export const TEACHES_PATTERN = /^[a-z0-9-]+\/[a-z0-9_-]+$/;
