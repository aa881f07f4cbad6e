import {
  createContext,
  useContext,
  useEffect,
  useRef,
  type FormEvent,
  type ReactNode,
} from 'react';
import { ShareControl } from '../../ui/share/ShareControl';
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
  /** The answer on show came after the learner asked to see the right one. */
  revealed?: boolean;
  /** Offer "Show the answer" (missed twice in a row, not shown yet). */
  canShowAnswer?: boolean;
  /** Shows the right answer (the learner asked). */
  showAnswer?: () => void;
}

/**
 * The frame of one question, the same for every kind: kicker and question as the legend of its
 * answers, the live feedback, "Show the answer" once it is on offer, anything `after` it (all
 * explanations), and the question's Share menu.
 */
export function QuestionFrame({
  of: { id, question, kind, hidden, revealed = false, canShowAnswer = false, showAnswer },
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
  const feedbackRef = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  // Once the answer the learner asked for is on show, take them to it (the button is gone).
  useEffect(() => {
    if (!asked.current || canShowAnswer) return;
    asked.current = false;
    feedbackRef.current?.focus();
  }, [canShowAnswer]);
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
      data-revealed={revealed ? 'true' : undefined}
      hidden={hidden}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {fieldset}
        </form>
      ) : (
        fieldset
      )}
      <div ref={feedbackRef} tabIndex={-1} className="qc-feedback-wrap">
        <QuestionFeedback {...feedback} />
      </div>
      {canShowAnswer && showAnswer ? (
        <div className="qc-actions qc-show-answer">
          <button
            type="button"
            onClick={() => {
              asked.current = true;
              showAnswer();
            }}
          >
            Show the answer
          </button>
          <span className="qc-show-answer-note">
            An answer given today after this counts as revealed, not as right.
          </span>
        </div>
      ) : null}
      {after}
      <QuestionShare id={id} question={question} />
    </div>
  );
}

/** Longest part of a question kept in an embed's title. */
const EMBED_TITLE_CHARS = 60;

/** Lowest height offered for a question's iframe, in CSS pixels. */
const MIN_QUESTION_EMBED_PX = 320;

/**
 * The question's Share menu: a link to the question alone (`#/embed/quiz/<id>`) and iframe code
 * for it. Only for a question the build indexed (so the embed can find it), and only where Share
 * menus are on offer (not inside an embed unless the host asked, not on the knowledge check).
 */
export function QuestionShare({ id, question }: { id: string; question: string }) {
  if (!findQuestion(id)) return null;
  const short =
    question.length > EMBED_TITLE_CHARS
      ? `${question.slice(0, EMBED_TITLE_CHARS - 1).trimEnd()}…`
      : question;
  const path = `/embed/quiz/${id}`;
  return (
    <ShareControl
      // Several questions share a page: the name says which one (it starts with the visible text).
      widgetLabel={`this question: ${short}`}
      getUrl={() => `${currentSiteBase()}#${path}`}
      linkLabel="Link to this question alone"
      linkNote="The link opens the question on a page of its own."
      embed={{
        path,
        title: `Question: ${short} · GPU Lab`,
        defaultHeightPx: () => questionHeightPx(id),
      }}
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
