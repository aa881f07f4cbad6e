import { useId, useState, type FormEvent } from 'react';
import { bugProblems, codeLines, gradeLine } from '../questions/bug';
import { InlineText } from './InlineText';
import { baseProblems, explanationProblems, MalformedQuestion } from './malformed-question';
import { QuestionActions } from './question-feedback';
import { QuestionFrame } from './question-frame';
import { useQuestion, type QuestionBaseProps } from './question-state';

/** Props of a find-the-bug question. */
export interface BugCheckProps extends QuestionBaseProps {
  code: string;
  /** The buggy line, 1-based. */
  line: number;
  explanation: string;
  /** Optional notes on other lines a learner may pick ({ 2: "This line is fine: …" }). */
  lineNotes?: Record<string, string>;
}

/**
 * Find the bug: the snippet's lines are radios; the learner picks the line with the bug. A wrong
 * pick shows that line's note; the bug's line and the explanation show once earned or asked for.
 */
export function BugCheck(props: BugCheckProps) {
  const problems = [
    ...baseProblems(props.id, props.question),
    ...bugProblems(props.code, props.line),
    ...explanationProblems(props.explanation),
  ];
  if (problems.length > 0)
    return <MalformedQuestion tag="BugCheck" id={props.id} problems={problems} />;
  return <BugForm {...props} />;
}

function BugForm({ id, question, code, line, explanation, lineNotes, teaches }: BugCheckProps) {
  const name = useId();
  const q = useQuestion({ id, question, kind: 'bug', explanation, teaches });
  const lines = codeLines(code);
  const [picked, setPicked] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const [nudge, setNudge] = useState(false);
  const shown = editing ? undefined : q.saved;
  const current = shown ? Number(shown.choice) : picked;

  function check(e: FormEvent) {
    e.preventDefault();
    if (current === null) {
      setNudge(true);
      return;
    }
    q.answer(String(current), gradeLine(current, line));
    setEditing(false);
  }

  const note = shown && !shown.correct ? lineNotes?.[shown.choice] : undefined;
  const revealed = q.revealed && shown !== undefined && gradeLine(Number(shown.choice), line);
  return (
    <QuestionFrame
      of={q}
      kicker="Find the bug"
      result={shown}
      feedback={{
        note: nudge && !shown ? 'Pick a line first.' : null,
        verdict: shown && {
          correct: shown.correct,
          revealed,
          extra: (
            <p>
              You picked line {shown.choice}
              {shown.correct || revealed || !q.answerShown ? '.' : `; the bug is on line ${line}.`}
              {note ? (
                <>
                  {' '}
                  <InlineText text={note} />
                </>
              ) : null}
            </p>
          ),
          // The explanation names the bug, so it waits until the line is earned or asked for.
          text: q.answerShown
            ? explanation
            : `Read each line again: what does it do, and what should it do?${q.canShowAnswer ? ' Or ask for the answer below.' : ' After two tries you can ask for the answer.'}`,
        },
      }}
    >
      <form onSubmit={check} noValidate>
        <div className="qc-bug-lines" role="radiogroup" aria-label="Lines of the snippet">
          {lines.map((text, i) => {
            const n = i + 1;
            const picked = shown !== undefined && n === Number(shown.choice);
            const state = picked
              ? shown.correct || revealed
                ? 'right'
                : 'wrong'
              : shown && q.answerShown && n === line
                ? 'right'
                : undefined;
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
        <QuestionActions />
      </form>
    </QuestionFrame>
  );
}
