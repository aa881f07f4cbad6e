/**
 * One question's saved record as answers come in: how many answers it took, whether the first
 * answer was right, whether any answer was, how many misses in a row, and whether the learner
 * had the right answer shown. An answer given on the UTC day the right answer was shown (the
 * review schedule's day) is recorded as revealed: never correct, whatever was typed or picked.
 *
 * Records stay small and old ones stay valid: a field is written only where it says more than a
 * reader would work out without it (see the readers below), so a record saved before these
 * fields existed reads the same as one written now. Pure: the time is passed in.
 */
import type { QuickCheckAnswer } from './progress-schema';
import { utcDay } from './review-schedule';

/** Wrong answers in a row after which a question offers to show its answer. */
export const MISSES_BEFORE_SHOW = 2;

/** How many times the question has been answered (records saved before the count: once). */
export function attemptsOf(answer: QuickCheckAnswer): number {
  return answer.attempts ?? 1;
}

/**
 * Whether the first answer was right. A record saved before first answers were kept and
 * answered more than once does not say; it counts as not right (a score has to be shown).
 */
export function firstAnswerRight(answer: QuickCheckAnswer): boolean {
  if (answer.firstCorrect !== undefined) return answer.firstCorrect;
  return attemptsOf(answer) <= 1 && answer.correct;
}

/** Whether any answer so far was right (a revealed one never is). */
export function bestAnswerRight(answer: QuickCheckAnswer): boolean {
  return answer.bestCorrect ?? (answer.correct || firstAnswerRight(answer));
}

/** Wrong answers in a row up to the latest (0 when the latest was right). */
export function missesInARow(answer: QuickCheckAnswer): number {
  return answer.misses ?? (answer.correct ? 0 : 1);
}

/** Whether the right answer was shown to the learner on the UTC day of `now`. */
export function answerShownOn(answer: QuickCheckAnswer, now: Date): boolean {
  if (answer.answerShownAt === undefined) return false;
  const shown = Date.parse(answer.answerShownAt);
  return Number.isFinite(shown) && utcDay(new Date(shown)) === utcDay(now);
}

/**
 * Whether a question may show its right answer now: it was answered right (earned), or the
 * learner asked for it today. A reopened record (a retry under way) shows nothing.
 */
export function answerOnShow(answer: QuickCheckAnswer | undefined, now: Date): boolean {
  if (!answer || answer.reopened) return false;
  return answer.correct || answerShownOn(answer, now);
}

/** Whether to offer "Show the answer": missed enough times in a row, and not shown already. */
export function mayShowAnswer(answer: QuickCheckAnswer | undefined, now: Date): boolean {
  if (!answer || answer.reopened || answer.correct || answerShownOn(answer, now)) return false;
  return missesInARow(answer) >= MISSES_BEFORE_SHOW;
}

/**
 * The record after an answer: `choice` as saved and its grade. Given on the UTC day the right
 * answer was shown, it is recorded as revealed and not correct. The count of attempts, the
 * first answer's grade, the best answer's and the misses in a row carry on from `previous`.
 */
export function recordAnswer(
  previous: QuickCheckAnswer | undefined,
  choice: string,
  correct: boolean,
  now: Date,
): QuickCheckAnswer {
  const revealed = previous !== undefined && answerShownOn(previous, now);
  const right = correct && !revealed;
  const attempts = previous ? attemptsOf(previous) + 1 : 1;
  const next: QuickCheckAnswer = {
    choice,
    correct: right,
    answeredAt: now.toISOString(),
    attempts,
  };
  // Each field only where the reader's default (from the fields above) would be wrong.
  const first = previous ? firstAnswerRight(previous) : right;
  if (first !== firstAnswerRight(next)) next.firstCorrect = first;
  const best = (previous ? bestAnswerRight(previous) : false) || right;
  if (best !== bestAnswerRight(next)) next.bestCorrect = best;
  const misses = right ? 0 : (previous ? missesInARow(previous) : 0) + 1;
  if (misses !== missesInARow(next)) next.misses = misses;
  if (previous?.answerShownAt !== undefined) next.answerShownAt = previous.answerShownAt;
  if (revealed) next.revealed = true;
  return next;
}

/** The record once the right answer has been shown to the learner at `now`. */
export function withAnswerShown(answer: QuickCheckAnswer, now: Date): QuickCheckAnswer {
  return { ...answer, answerShownAt: now.toISOString() };
}
