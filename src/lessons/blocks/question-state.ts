/**
 * A question's state, shared by every kind: the saved answer to show, the learner's seed, whether
 * the page around it hides it, and recording an answer (saved, and published as a learning event).
 */
import { isValidElement, useLayoutEffect, type ReactNode } from 'react';
import {
  answerOnShow,
  attemptsOf,
  bestAnswerRight,
  firstAnswerRight,
  mayShowAnswer,
} from '../../store/answer-record';
import { progressStore, useProgress } from '../../store/progress';
import { learningEvents, type AnswerChoice } from '../../embed/learning-events';
import { QUESTION_INTERACTION_TYPES, type QuestionKind } from '../questions/kinds';
import { useQuestionOnPage } from './question-frame';

/** The props every question kind shares. */
export interface QuestionBaseProps {
  id: string;
  question: string;
  /** "lesson-slug/heading-slug" of the section that teaches it (the knowledge check links it). */
  teaches?: string;
}

/**
 * Records an answer: saves it in the learner's progress and publishes an `answered` learning
 * event (which only an embedded page passes on to its host) with the record's grade (revealed:
 * not correct), its attempt number and the first and best answers' grades. Every question kind
 * answers here.
 */
export function answerQuestion({
  id,
  question,
  kind,
  response,
  correct,
  choices,
}: {
  id: string;
  question: string;
  /** For choice questions: each choice's key and its text, in the author's order. */
  choices?: readonly AnswerChoice[] | undefined;
  /** The kind as written in `data-kind` (declared by its record in src/lessons/questions/kinds). */
  kind: QuestionKind;
  /** The answer as saved (a choice key, a number with its unit, an order). */
  response: string;
  correct: boolean;
}): void {
  progressStore.getState().answerQuickCheck(id, response, correct);
  const saved = progressStore.getState().answers[id];
  learningEvents.publish({
    kind: 'answered',
    questionId: id,
    question,
    questionKind: kind,
    interactionType: QUESTION_INTERACTION_TYPES[kind],
    response,
    correct: saved?.correct ?? correct,
    attempt: saved ? attemptsOf(saved) : 1,
    firstCorrect: saved ? firstAnswerRight(saved) : correct,
    bestCorrect: saved ? bestAnswerRight(saved) : correct,
    revealed: saved?.revealed === true,
    ...(choices ? { choices } : {}),
  });
}

/** The plain text of a choice's content (strings and numbers, through elements' children). */
function plainText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(plainText).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return plainText(node.props.children);
  return '';
}

/** A choice question's choices as learning events describe them. */
export function answerChoices(
  choices: readonly { key: string; content: ReactNode }[],
): AnswerChoice[] {
  return choices.map((c) => ({
    id: c.key,
    text: plainText(c.content).replace(/\s+/g, ' ').trim(),
  }));
}

/**
 * The saved answer to show, unless the learner reopened the question; creates the learner's
 * seed before the first paint, since questions that shuffle need it.
 */
export function useShownAnswer(id: string) {
  const saved = useProgress((s) => s.answers[id]);
  const seed = useProgress((s) => s.seed);
  useLayoutEffect(() => {
    if (seed === null) progressStore.getState().ensureSeed();
  }, [seed]);
  return { saved: saved && !saved.reopened ? saved : undefined, seed };
}

/** What a question block needs to know about its own question (see useQuestion). */
export type QuestionState = ReturnType<typeof useQuestion>;

/**
 * One question of kind `kind`: its saved answer and the learner's seed (useShownAnswer), whether
 * the page hides it (registered for the knowledge check's review with `explanation`, or with
 * `hiddenExplanation` while the right answer is not on show), and `answer(response, correct,
 * choices?)`, which records an answer. The right answer is on show (`answerShown`) once it was
 * answered right or, after MISSES_BEFORE_SHOW misses in a row (`canShowAnswer`), the learner
 * asked for it (`showAnswer()`); an answer given that day is recorded as revealed.
 * QuestionFrame draws it.
 */
export function useQuestion({
  id,
  question,
  kind,
  explanation,
  hiddenExplanation,
  teaches,
}: {
  id: string;
  question: string;
  kind: QuestionKind;
  explanation: string;
  /** The explanation without the answer in it, for while the answer is not on show. */
  hiddenExplanation?: string | undefined;
  teaches?: string | undefined;
}) {
  const { saved, seed } = useShownAnswer(id);
  const now = new Date();
  const answerShown = answerOnShow(saved, now);
  const hidden = useQuestionOnPage({
    id,
    question,
    explanation: answerShown ? explanation : (hiddenExplanation ?? explanation),
    teaches: teaches ?? '',
  });
  const answer = (response: string, correct: boolean, choices?: readonly AnswerChoice[]) =>
    answerQuestion({ id, question, kind, response, correct, choices });
  return {
    id,
    question,
    kind,
    hidden,
    saved,
    seed,
    answer,
    /** The right answer may be shown: answered right, or asked for today. */
    answerShown,
    /** "Show the answer" is on offer. */
    canShowAnswer: mayShowAnswer(saved, now),
    /** Whether the saved answer on show came after the answer was shown. */
    revealed: saved?.revealed === true,
    showAnswer: () => progressStore.getState().showAnswer(id),
  };
}
