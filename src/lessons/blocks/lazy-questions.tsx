/**
 * The question blocks as a lesson names them, loading their code (forms, grading, the embed
 * control) only once the lesson renders one: a lesson's text does not wait for it. Until it
 * arrives, a frame of about the question's size holds its place, so little moves when it lands.
 * `<Choice>` and `<Step>` stay eager: they are markers the questions read from their children.
 */
import {
  Children,
  isValidElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type { QuickCheckProps } from './QuickCheck';
import type { NumericCheckProps } from './NumericCheck';
import type { OrderCheckProps } from './OrderCheck';
import type { BugCheckProps } from './BugCheck';
import type { PredictCheckProps } from './PredictCheck';
import { Choice } from './Choice';
import { Step } from './Step';
import './quick-check.css';

/** Height of a question's frame without its answer rows: kicker, question, buttons, in rem. */
const FRAME_REM = 7.5;
/** Height of one choice, step or code line row, in rem. */
const ROW_REM = 2.9;

/** How many direct or nested children are of `type` (the rows a question will draw). */
export function countRows(children: ReactNode, type: ComponentType<never>): number {
  let n = 0;
  const walk = (node: ReactNode) =>
    Children.forEach(node, (c) => {
      if (!isValidElement(c)) return;
      if (c.type === type) n += 1;
      else walk((c.props as { children?: ReactNode }).children);
    });
  walk(children);
  return n;
}

/** The placeholder's reserved height for a question with `rows` answer rows. */
export function placeholderHeightRem(rows: number): number {
  return FRAME_REM + ROW_REM * Math.max(1, rows);
}

/** Stands in for a question while its code loads: its kicker and text, at about its size. */
export function QuestionPlaceholder({ question, rows }: { question: unknown; rows: number }) {
  const style: CSSProperties = { minHeight: `${placeholderHeightRem(rows)}rem` };
  return (
    <div className="quick-check" data-question-placeholder="" aria-busy="true" style={style}>
      <p className="qc-kicker">Question (loading)</p>
      <p className="qc-question">{typeof question === 'string' ? question : ''}</p>
    </div>
  );
}

type QuestionBlocks = typeof import('./question-blocks');

/** The question blocks once loaded (questions mounted after that render at once). */
let loaded: QuestionBlocks | null = null;

function loadBlocks(): Promise<QuestionBlocks> {
  return import('./question-blocks').then((m) => (loaded = m));
}

/**
 * Starts loading the question blocks. A page made of questions (the knowledge check, a question
 * embed) calls this beside loading its own content, so its questions render in the same commit
 * as the content, with no placeholder, and register with the page at once.
 */
export function preloadQuestionBlocks(): Promise<unknown> {
  return loadBlocks();
}

/** A lazily loaded question whose placeholder reserves `rowsOf(props)` answer rows. */
function lazyQuestion<P extends { question: string }>(
  pick: (m: QuestionBlocks) => ComponentType<P>,
  name: string,
  rowsOf: (props: P) => number,
): ComponentType<P> {
  const Lazy = lazy(() => loadBlocks().then((m) => ({ default: pick(m) })));
  function LazyQuestion(props: P) {
    // Decided once per question: switching between the two would remount it and lose its state.
    const [ready] = useState(() => (loaded ? pick(loaded) : null));
    if (ready) {
      const Ready = ready;
      return <Ready {...props} />;
    }
    return (
      <Suspense fallback={<QuestionPlaceholder question={props.question} rows={rowsOf(props)} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  LazyQuestion.displayName = `Lazy(${name})`;
  return LazyQuestion;
}

/** `<QuickCheck>`, loaded on first use. */
export const QuickCheck = lazyQuestion<QuickCheckProps>(
  (m) => m.QuickCheck,
  'QuickCheck',
  (p) => countRows(p.children, Choice),
);

/** `<PredictCheck>`, loaded on first use. */
export const PredictCheck = lazyQuestion<PredictCheckProps>(
  (m) => m.PredictCheck,
  'PredictCheck',
  (p) => countRows(p.children, Choice) + 1,
);

/** `<OrderCheck>`, loaded on first use. */
export const OrderCheck = lazyQuestion<OrderCheckProps>(
  (m) => m.OrderCheck,
  'OrderCheck',
  (p) => countRows(p.children, Step),
);

/** `<NumericCheck>`, loaded on first use. */
export const NumericCheck = lazyQuestion<NumericCheckProps>(
  (m) => m.NumericCheck,
  'NumericCheck',
  () => 1,
);

/** `<BugCheck>`, loaded on first use. */
export const BugCheck = lazyQuestion<BugCheckProps>(
  (m) => m.BugCheck,
  'BugCheck',
  (p) => (typeof p.code === 'string' ? p.code.split('\n').length : 1),
);

export { Choice, Step };
