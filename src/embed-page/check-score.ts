/** The live score of an embedded lesson check, and when its completion is reported. Pure. */
import type { ScorePolicy } from '../embed/xapi';
import { attemptsOf, bestAnswerRight, firstAnswerRight } from '../store/answer-record';
import type { QuickCheckAnswer } from '../store/progress-schema';

/** Where an embedded check stands. */
export interface CheckScore {
  total: number;
  /** Questions with an answer that was not reopened. */
  answered: number;
  /** Questions whose latest answer is right (a revealed answer never is). */
  correct: number;
  /** Questions whose first answer was right. */
  firstCorrect: number;
  /** Questions with a right answer among their answers. */
  bestCorrect: number;
  /** The most answers any one question took (0 before any answer). */
  attempts: number;
  /** Every question has an answer. */
  complete: boolean;
  /** The answers given, as one string: a new answer anywhere changes it. */
  signature: string;
}

/** Scores the check's questions from the saved answers. */
export function scoreCheck(
  ids: readonly string[],
  answers: Readonly<Record<string, QuickCheckAnswer>>,
): CheckScore {
  const score = { answered: 0, correct: 0, firstCorrect: 0, bestCorrect: 0, attempts: 0 };
  const parts: string[] = [];
  for (const id of ids) {
    const a = Object.prototype.hasOwnProperty.call(answers, id) ? answers[id] : undefined;
    if (!a || a.reopened) {
      parts.push('-');
      continue;
    }
    score.answered += 1;
    if (a.correct) score.correct += 1;
    if (firstAnswerRight(a)) score.firstCorrect += 1;
    if (bestAnswerRight(a)) score.bestCorrect += 1;
    score.attempts = Math.max(score.attempts, attemptsOf(a));
    parts.push(`${a.choice}|${a.correct}|${attemptsOf(a)}|${a.answeredAt}`);
  }
  const total = ids.length;
  return {
    total,
    ...score,
    complete: total > 0 && score.answered === total,
    signature: JSON.stringify(parts),
  };
}

/** The check's right answers as a policy counts them. */
export function policyCorrect(score: CheckScore, policy: ScorePolicy): number {
  if (policy === 'first') return score.firstCorrect;
  return policy === 'last' ? score.correct : score.bestCorrect;
}

/**
 * Whether to report a completed check now: when it is complete and its answers differ from those
 * last reported (`reported`, null when none), so a check is reported once per completed set of
 * answers, and again after an answer changes.
 */
export function shouldReportCompletion(score: CheckScore, reported: string | null): boolean {
  return score.complete && score.signature !== reported;
}

/**
 * The score in words, as the policy counts it: "1 of 3 right on the first try (3 right now)."
 * under `first`, "2 of 3 right (1 not answered yet)." under `last`.
 */
export function scoreText(score: CheckScore, policy: ScorePolicy = 'last'): string {
  const counted = policyCorrect(score, policy);
  const asides: string[] = [];
  if (policy !== 'last' && score.correct !== counted) asides.push(`${score.correct} right now`);
  const left = score.total - score.answered;
  if (left > 0) asides.push(`${left} not answered yet`);
  const how = policy === 'first' ? ' on the first try' : policy === 'best' ? ' at best' : '';
  return `${counted} of ${score.total} right${how}${asides.length > 0 ? ` (${asides.join(', ')})` : ''}.`;
}

/** One line for the learner on which answer the score counts, under each policy. */
export const POLICY_NOTES: Record<ScorePolicy, string> = {
  first:
    'The score counts each question’s first answer: answering again lets you learn from it, but does not change the score.',
  last: 'The score counts each question’s latest answer.',
  best: 'The score counts each question’s best answer.',
};
