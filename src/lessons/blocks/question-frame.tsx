import { createContext, useContext, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { progressStore, useProgress } from '../../store/progress';
import type { CheckItem } from '../questions/check-page';
import { Icon } from './Icon';
import './blocks.css';
import './questions.css';
import { InlineText } from './InlineText';

/** What a page of questions (the knowledge check) offers the questions on it. */
export interface QuestionPage {
  register(item: CheckItem): void;
  /** Ids to show; null shows all. */
  showOnly: ReadonlySet<string> | null;
}

/** Set by the knowledge check page; lessons leave it null. */
export const QuestionPageContext = createContext<QuestionPage | null>(null);

/** The props every question kind shares. */
export interface QuestionBaseProps {
  id: string;
  question: string;
  /** "lesson-slug/heading-slug" of the section that teaches it (the knowledge check links it). */
  teaches?: string;
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

/** Registers a question with the page around it (if any); tells whether it is hidden there. */
export function useQuestionOnPage(item: CheckItem): boolean {
  const page = useContext(QuestionPageContext);
  const { id, question, explanation, teaches } = item;
  useEffect(() => {
    page?.register({ id, question, explanation, teaches });
  }, [page, id, question, explanation, teaches]);
  return page?.showOnly != null && !page.showOnly.has(id);
}

/** The frame of one question: kicker, question, body, live feedback. */
export function QuestionFrame({
  id,
  kind,
  kicker,
  question,
  answered,
  correct,
  hidden,
  children,
  feedback,
}: {
  id: string;
  kind: string;
  kicker: string;
  question: string;
  answered: boolean;
  correct: boolean;
  hidden: boolean;
  children: ReactNode;
  feedback: ReactNode;
}) {
  return (
    <div
      className="quick-check"
      data-quick-check={id}
      data-kind={kind}
      data-answered={String(answered)}
      data-correct={String(correct)}
      hidden={hidden}
    >
      <fieldset>
        <legend>
          <span className="qc-kicker">{kicker}</span>
          <span className="qc-question">{question}</span>
        </legend>
        {children}
      </fieldset>
      <div className="qc-feedback" role="status" aria-live="polite">
        {feedback}
      </div>
    </div>
  );
}

/** The verdict and its explanation. */
export function Verdict({
  correct,
  text,
  extra,
}: {
  correct: boolean;
  text: string;
  extra?: ReactNode;
}) {
  return (
    <div className={correct ? 'qc-verdict qc-right' : 'qc-verdict qc-wrong'}>
      <p className="qc-verdict-head">
        <Icon name={correct ? 'check' : 'cross'} />
        <strong>{correct ? 'Correct.' : 'Not quite.'}</strong>
      </p>
      {extra}
      <p>
        <InlineText text={text} />
      </p>
    </div>
  );
}

/** A malformed question: an alert naming the problems, never a blank page. */
export function MalformedQuestion({
  id,
  kind,
  problems,
}: {
  id: unknown;
  kind: string;
  problems: string[];
}) {
  return (
    <div
      className="quick-check quick-check-malformed"
      data-quick-check={typeof id === 'string' ? id : ''}
      data-answered="false"
      data-correct="false"
    >
      <div role="alert" className="block-warning">
        <p>{`This ${kind} is malformed: ${problems.join('; ')}.`}</p>
      </div>
    </div>
  );
}

/** What is wrong with the shared props, one phrase each. */
export function baseProblems(id: unknown, question: unknown): string[] {
  const problems: string[] = [];
  if (typeof id !== 'string' || id.trim() === '') problems.push('it needs an id="..."');
  if (typeof question !== 'string' || question.trim() === '')
    problems.push('it needs a question="..."');
  return problems;
}
