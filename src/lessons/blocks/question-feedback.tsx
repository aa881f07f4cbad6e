/**
 * What a question says back, one markup for every kind: the live feedback region (a note, a
 * warning, the verdict with its explanation) and the row of buttons under the answers.
 */
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import { InlineText } from './InlineText';
import './blocks.css';
import './quick-check.css';

/** A verdict: right or wrong, details between, then the explanation. */
export interface VerdictProps {
  correct: boolean;
  /**
   * The answer matches the right one but came after the learner asked to see it: said so, and
   * not marked right (the record counts it as not correct).
   */
  revealed?: boolean;
  /** The explanation, with inline code in backticks. */
  text: string;
  /** Shown between the verdict line and the explanation (what the learner answered, …). */
  extra?: ReactNode;
}

/** How each kind of verdict looks: its class, its icon and its first line. */
const VERDICT_LOOKS: Record<
  'revealed' | 'right' | 'wrong',
  { className: string; icon: IconName; head: string }
> = {
  revealed: {
    className: 'qc-revealed',
    icon: 'info',
    head: 'That is the answer you were shown.',
  },
  right: { className: 'qc-right', icon: 'check', head: 'Correct.' },
  wrong: { className: 'qc-wrong', icon: 'cross', head: 'Not quite.' },
};

/** The verdict and its explanation (a revealed answer says why it is not counted as right). */
export function Verdict({ correct, revealed = false, text, extra }: VerdictProps) {
  const look = VERDICT_LOOKS[revealed ? 'revealed' : correct ? 'right' : 'wrong'];
  return (
    <div className={`qc-verdict ${look.className}`}>
      <p className="qc-verdict-head">
        <Icon name={look.icon} />
        <strong>{look.head}</strong>
      </p>
      {revealed ? (
        <p>
          It was given after you asked to see the answer, so it counts as revealed, not as right.
          Come back to it on another day to answer it on your own.
        </p>
      ) : null}
      {extra}
      <p>
        <InlineText text={text} />
      </p>
    </div>
  );
}

/** What the feedback region shows, each part only when given, in this order. */
export interface QuestionFeedbackProps {
  /** Read out by screen readers only (where an order step moved to). */
  announce?: string | null | undefined;
  /** A plain line: a nudge ("Pick a line first.") or where the learner stands. */
  note?: ReactNode;
  /** A problem with the input or the run. */
  warning?: string | null | undefined;
  /** The verdict, once there is an answer to show. */
  verdict?: VerdictProps | null | undefined;
}

/** The live region under a question (polite, so an answer is read out without interrupting). */
export function QuestionFeedback({ announce, note, warning, verdict }: QuestionFeedbackProps) {
  return (
    <div className="qc-feedback" role="status" aria-live="polite">
      {announce ? <p className="visually-hidden">{announce}</p> : null}
      {note ? <p>{note}</p> : null}
      {warning ? <p className="block-warning">{warning}</p> : null}
      {verdict ? <Verdict {...verdict} /> : null}
    </div>
  );
}

/**
 * A question's buttons: the primary one (Check, submitting the question's form unless it has
 * its own `onClick`), then any others (Try again, Predict again).
 */
export function QuestionActions({
  label = 'Check',
  onClick,
  disabled,
  children,
}: {
  label?: string;
  onClick?: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="qc-actions">
      <button
        type={onClick ? 'button' : 'submit'}
        className="primary"
        onClick={onClick}
        disabled={disabled}
      >
        {label}
      </button>
      {children}
    </div>
  );
}
