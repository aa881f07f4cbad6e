/**
 * How many times a question has been reopened for another try while on the page. The question
 * blocks hold what the learner is doing (a choice picked, a number typed, a line picked) in their
 * own state; a reopened answer is hidden (useShownAnswer), and keying a question by this round
 * drops that state too, so a retry starts clean in every kind and on every page (the knowledge
 * check's retry of missed questions, a lesson's, an embed's).
 */
import { useState } from 'react';
import { useProgress } from '../../store/progress';

/** The round of question `id`: one more each time its saved answer turns reopened. */
export function useReopenRound(id: string): number {
  const reopened = useProgress((s) =>
    Object.hasOwn(s.answers, id) ? s.answers[id]?.reopened === true : false,
  );
  const [seen, setSeen] = useState({ reopened, round: 0 });
  if (seen.reopened === reopened) return seen.round;
  // Adjusted while rendering (React's pattern for state that follows a changing value).
  const next = { reopened, round: reopened ? seen.round + 1 : seen.round };
  setSeen(next);
  return next.round;
}
