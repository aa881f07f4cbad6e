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
  type ComponentProps,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from 'react';
import {
  QUESTION_KIND_RECORDS,
  type AnyQuestionKindRecord,
  type QuestionMarker,
  type QuestionTag,
} from '../questions/kinds';
import { Choice } from './Choice';
import { Step } from './Step';
import { useReopenRound } from './reopen-round';
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

type QuestionBlocks = (typeof import('./question-blocks'))['questionBlocks'];

/** The question blocks once loaded (questions mounted after that render at once). */
let loaded: QuestionBlocks | null = null;

function loadBlocks(): Promise<QuestionBlocks> {
  return import('./question-blocks').then((m) => (loaded = m.questionBlocks));
}

/**
 * Starts loading the question blocks. A page made of questions (the knowledge check, a question
 * embed) calls this beside loading its own content, so its questions render in the same commit
 * as the content, with no placeholder, and register with the page at once.
 */
export function preloadQuestionBlocks(): Promise<unknown> {
  return loadBlocks();
}

/** The eager markers the questions read from their children, by the names records give them. */
const markers = { Choice, Step } satisfies Record<QuestionMarker, ComponentType<never>>;

type AnyProps = { question?: unknown; children?: ReactNode } & Record<string, unknown>;

/** The tag's question, loaded on first use; its placeholder reserves the rows its record asks. */
function lazyQuestion(record: AnyQuestionKindRecord): ComponentType<AnyProps> {
  // Each block takes its own props, which the lesson passes through as written.
  const pick = (m: QuestionBlocks) => m[record.tag] as unknown as ComponentType<AnyProps>;
  const Lazy = lazy(() => loadBlocks().then((m) => ({ default: pick(m) })));
  function LazyQuestion(props: AnyProps) {
    // Decided once per question: switching between the two would remount it and lose its state.
    const [ready] = useState(() => (loaded ? pick(loaded) : null));
    // A question reopened for another try mounts afresh: nothing picked, typed or moved.
    const round = useReopenRound(typeof props.id === 'string' ? props.id : '');
    if (ready) {
      const Ready = ready;
      return <Ready key={round} {...props} />;
    }
    const rows = record.placeholderRows(props, (marker) =>
      countRows(props.children, markers[marker]),
    );
    return (
      <Suspense fallback={<QuestionPlaceholder question={props.question} rows={rows} />}>
        <Lazy key={round} {...props} />
      </Suspense>
    );
  }
  LazyQuestion.displayName = `Lazy(${record.tag})`;
  return LazyQuestion;
}

/** The question tags of the components map: each loaded on first use, with its markers. */
export const questionTags = {
  ...(Object.fromEntries(QUESTION_KIND_RECORDS.map((r) => [r.tag, lazyQuestion(r)])) as unknown as {
    [T in QuestionTag]: ComponentType<ComponentProps<QuestionBlocks[T]>>;
  }),
  ...markers,
} satisfies Record<QuestionTag | QuestionMarker, unknown>;
