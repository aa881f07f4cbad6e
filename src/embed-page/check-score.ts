/** The live score of an embedded lesson check, and when its completion is reported. Pure. */
import type { QuickCheckAnswer } from '../store/progress-schema';

/** Where an embedded check stands. */
export interface CheckScore {
  total: number;
  /** Questions with an answer that was not reopened. */
  answered: number;
  correct: number;
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
  let answered = 0;
  let correct = 0;
  const parts: string[] = [];
  for (const id of ids) {
    const a = Object.prototype.hasOwnProperty.call(answers, id) ? answers[id] : undefined;
    if (!a || a.reopened) {
      parts.push('-');
      continue;
    }
    answered += 1;
    if (a.correct) correct += 1;
    parts.push(`${a.choice}|${a.correct}|${a.attempts ?? 1}|${a.answeredAt}`);
  }
  const total = ids.length;
  return {
    total,
    answered,
    correct,
    complete: total > 0 && answered === total,
    signature: JSON.stringify(parts),
  };
}

/**
 * Whether to report a completed check now: when it is complete and its answers differ from those
 * last reported (`reported`, null when none), so a check is reported once per completed set of
 * answers, and again after an answer changes.
 */
export function shouldReportCompletion(score: CheckScore, reported: string | null): boolean {
  return score.complete && score.signature !== reported;
}

/** The score in words: "2 of 3 right (1 not answered yet)." */
export function scoreText(score: CheckScore): string {
  const left = score.total - score.answered;
  return `${score.correct} of ${score.total} right${left > 0 ? ` (${left} not answered yet)` : ''}.`;
}
