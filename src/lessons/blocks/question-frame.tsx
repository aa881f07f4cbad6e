import { createContext, useContext, useEffect, type FormEvent, type ReactNode } from 'react';
import { EmbedControl } from '../../ui/share/EmbedControl';
import { useEmbedMode } from '../../ui/share/embed-mode';
import { currentSiteBase } from '../../ui/share/embed-snippet';
import { findQuestion } from '../question-index';
import type { CheckItem } from '../questions/check-page';
import type { QuestionKind } from '../questions/kinds';
import { QuestionFeedback, type QuestionFeedbackProps } from './question-feedback';
import './quick-check.css';
import './questions.css';

/** What a page of questions (the knowledge check) offers the questions on it. */
export interface QuestionPage {
  register(item: CheckItem): void;
  /** Ids to show; null shows all. */
  showOnly: ReadonlySet<string> | null;
}

/** Set by the knowledge check page and the embed pages; lessons leave it null. */
export const QuestionPageContext = createContext<QuestionPage | null>(null);

/** Registers a question with the page around it (if any); tells whether it is hidden there. */
export function useQuestionOnPage(item: CheckItem): boolean {
  const page = useContext(QuestionPageContext);
  const { id, question, explanation, teaches } = item;
  useEffect(() => {
    page?.register({ id, question, explanation, teaches });
  }, [page, id, question, explanation, teaches]);
  return page?.showOnly != null && !page.showOnly.has(id);
}

/** The question a frame draws (what useQuestion returns has these). */
export interface FramedQuestion {
  id: string;
  question: string;
  kind: QuestionKind;
  /** Hidden by the page around it (a retry round of the knowledge check). */
  hidden: boolean;
}

/**
 * The frame of one question, the same for every kind: kicker and question as the legend of its
 * answers, the live feedback, anything `after` it (all explanations), the Embed button.
 */
export function QuestionFrame({
  of: { id, question, kind, hidden },
  kicker,
  result,
  feedback,
  onSubmit,
  after,
  children,
}: {
  of: FramedQuestion;
  kicker: string;
  /** The answer on show (its grade), or none yet. */
  result: { correct: boolean } | null | undefined;
  feedback: QuestionFeedbackProps;
  /** Given: the answers are one form, submitted by its Check button. */
  onSubmit?: (event: FormEvent) => void;
  after?: ReactNode;
  children: ReactNode;
}) {
  const fieldset = (
    <fieldset>
      <legend>
        <span className="qc-kicker">{kicker}</span>
        <span className="qc-question">{question}</span>
      </legend>
      {children}
    </fieldset>
  );
  return (
    <div
      className="quick-check"
      data-quick-check={id}
      data-kind={kind}
      data-answered={String(result != null)}
      data-correct={String(result?.correct === true)}
      hidden={hidden}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {fieldset}
        </form>
      ) : (
        fieldset
      )}
      <QuestionFeedback {...feedback} />
      {after}
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
