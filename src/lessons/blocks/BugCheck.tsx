import { useId, useState, type FormEvent } from 'react';
import { bugProblems, codeLines, gradeLine } from '../questions/bug';
import {
  answerQuestion,
  baseProblems,
  MalformedQuestion,
  QuestionFrame,
  type QuestionBaseProps,
  useQuestionOnPage,
  useShownAnswer,
  Verdict,
} from './question-frame';
import { InlineText } from './InlineText';

/** Props of a find-the-bug question. */
export interface BugCheckProps extends QuestionBaseProps {
  code: string;
  /** The buggy line, 1-based. */
  line: number;
  explanation: string;
  /** Optional notes on other lines a learner may pick ({ 2: "This line is fine: …" }). */
  lineNotes?: Record<string, string>;
}

/** Find the bug: the snippet's lines are radios; the learner picks the line with the bug. */
export function BugCheck(props: BugCheckProps) {
  const problems = [
    ...baseProblems(props.id, props.question),
    ...bugProblems(props.code, props.line),
  ];
  if (typeof props.explanation !== 'string' || props.explanation === '')
    problems.push('it needs an explanation="..."');
  if (problems.length > 0)
    return <MalformedQuestion id={props.id} kind="find-the-bug question" problems={problems} />;
  return <BugForm {...props} />;
}

function BugForm({ id, question, code, line, explanation, lineNotes, teaches }: BugCheckProps) {
  const name = useId();
  const { saved } = useShownAnswer(id);
  const hidden = useQuestionOnPage({ id, question, explanation, teaches: teaches ?? '' });
  const lines = codeLines(code);
  const [picked, setPicked] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const [nudge, setNudge] = useState(false);
  const shown = editing ? undefined : saved;
  const current = shown ? Number(shown.choice) : picked;

  function check(e: FormEvent) {
    e.preventDefault();
    if (current === null) {
      setNudge(true);
      return;
    }
    answerQuestion({
      id,
      question,
      kind: 'bug',
      response: String(current),
      correct: gradeLine(current, line),
    });
    setEditing(false);
  }

  const note = shown && !shown.correct ? lineNotes?.[shown.choice] : undefined;
  return (
    <QuestionFrame
      id={id}
      kind="bug"
      kicker="Find the bug"
      question={question}
      answered={shown !== undefined}
      correct={shown?.correct === true}
      hidden={hidden}
      feedback={
        shown ? (
          <Verdict
            correct={shown.correct}
            extra={
              <p>
                You picked line {shown.choice}
                {shown.correct ? '.' : `; the bug is on line ${line}.`}
                {note ? (
                  <>
                    {' '}
                    <InlineText text={note} />
                  </>
                ) : null}
              </p>
            }
            text={explanation}
          />
        ) : nudge ? (
          <p>Pick a line first.</p>
        ) : null
      }
    >
      <form onSubmit={check} noValidate>
        <div className="qc-bug-lines" role="radiogroup" aria-label="Lines of the snippet">
          {lines.map((text, i) => {
            const n = i + 1;
            const state =
              shown && n === Number(shown.choice) ? (shown.correct ? 'right' : 'wrong') : undefined;
            return (
              <label key={n} className="qc-bug-line" data-line={n} data-state={state}>
                <input
                  type="radio"
                  name={name}
                  value={n}
                  checked={current === n}
                  onChange={() => {
                    setPicked(n);
                    setEditing(true);
                    setNudge(false);
                  }}
                />
                <span className="qc-bug-number" aria-hidden="true">
                  {n}
                </span>
                <code>{text === '' ? ' ' : text}</code>
                <span className="visually-hidden">{`, line ${n}`}</span>
              </label>
            );
          })}
        </div>
        <div className="qc-actions">
          <button type="submit" className="primary">
            Check
          </button>
        </div>
      </form>
    </QuestionFrame>
  );
}
