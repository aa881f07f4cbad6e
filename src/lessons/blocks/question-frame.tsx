import {
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useLayoutEffect,
  type ReactNode,
} from 'react';
import { progressStore, useProgress } from '../../store/progress';
import { learningEvents, type AnswerChoice } from '../../embed/learning-events';
import { EmbedControl } from '../../ui/share/EmbedControl';
import { useEmbedMode } from '../../ui/share/embed-mode';
import { currentSiteBase } from '../../ui/share/embed-snippet';
import { findQuestion } from '../question-index';
import type { CheckItem } from '../questions/check-page';
import type { QuestionKind } from '../questions/kinds';
import { Icon } from './Icon';
import './blocks.css';
import './quick-check.css';
import './questions.css';
import { InlineText } from './InlineText';

/** What a page of questions (the knowledge check) offers the questions on it. */
export interface QuestionPage {
  register(item: CheckItem): void;
  /** Ids to show; null shows all. */
  showOnly: ReadonlySet<string> | null;
}

/**
 * Records an answer: saves it in the learner's progress and publishes an `answered` learning
 * event (which only an embedded page passes on to its host). Every question kind answers here.
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
  choices?: readonly AnswerChoice[];
  /** The kind as written in `data-kind` (declared by its record in src/lessons/questions/kinds). */
  kind: QuestionKind;
  /** The answer as saved (a choice key, a number with its unit, an order). */
  response: string;
  correct: boolean;
}): void {
  progressStore.getState().answerQuickCheck(id, response, correct);
  learningEvents.publish({
    kind: 'answered',
    questionId: id,
    question,
    questionKind: kind,
    response,
    correct,
    ...(choices ? { choices } : {}),
  });
}

/** The plain text of a choice's content (strings and numbers, through elements' children). */
export function nodeText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(nodeText).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return nodeText(node.props.children);
  return '';
}

/** A choice question's choices as learning events describe them. */
export function answerChoices(
  choices: readonly { key: string; content: ReactNode }[],
): AnswerChoice[] {
  return choices.map((c) => ({ id: c.key, text: nodeText(c.content).replace(/\s+/g, ' ').trim() }));
}

/** Set by the knowledge check page and the embed pages; lessons leave it null. */
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
      <QuestionEmbed id={id} question={question} />
    </div>
  );
}

/** Longest part of a question kept in an embed's title. */
const EMBED_TITLE_CHARS = 60;

/** Lowest height offered for a question's iframe, in CSS pixels. */
const MIN_QUESTION_EMBED_PX = 320;

/**
 * The question's "Embed" button, giving iframe code for `#/embed/quiz/<id>`. Shown only for a
 * question the build indexed (so the embed can find it) and never inside an embed page.
 */
export function QuestionEmbed({ id, question }: { id: string; question: string }) {
  const embedded = useEmbedMode();
  if (embedded || !findQuestion(id)) return null;
  const short =
    question.length > EMBED_TITLE_CHARS
      ? `${question.slice(0, EMBED_TITLE_CHARS - 1).trimEnd()}…`
      : question;
  return (
    <EmbedControl
      // Several questions share a page: the name says which one (it starts with the visible text).
      buttonLabel={`Embed this question: ${short}`}
      path={`/embed/quiz/${id}`}
      title={`Question: ${short} · GPU Lab`}
      getSiteBase={currentSiteBase}
      getDefaultHeightPx={() => questionHeightPx(id)}
    />
  );
}

/** The rendered height of a question plus room for the embed's footer, at least the minimum. */
function questionHeightPx(id: string): number {
  const safeId = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id.replace(/"/g, '');
  const element = document.querySelector(`[data-quick-check="${safeId}"]`);
  const rendered = element ? Math.ceil(element.getBoundingClientRect().height) : 0;
  return Math.max(MIN_QUESTION_EMBED_PX, rendered + 80);
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
