import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { gradeTypedAnswer } from '../questions/numeric';
import { baseProblems, MalformedQuestion } from './malformed-question';
import { QuestionFrame } from './question-frame';
import { useQuestion, type QuestionBaseProps } from './question-state';

/** Props of a numeric question; the `resolved…` ones are added by the build from the engine. */
export interface NumericCheckProps extends QuestionBaseProps {
  /** One `npm run predict` scenario; the build computes the answer from it. */
  scenario?: unknown;
  /** The scenario answer's field: seconds, bytes, … */
  field?: string;
  /** The unit the question is asked in (ms, GB, …). */
  unit: string;
  /** Relative tolerance: 0.1 accepts answers within ±10 %. */
  tolerance: number;
  /** Why; `{answer}` is replaced by the computed answer with its unit. */
  explanation: string;
  /** The engine's answer in `unit`, as text (added at build). */
  resolvedAnswer?: string;
  /** The answer as shown, e.g. "42.6 ms" (added at build). */
  resolvedAnswerText?: string;
}

/** A question answered with a number and a unit, graded within a tolerance of the engine's answer. */
export function NumericCheck(props: NumericCheckProps) {
  const answer = Number(props.resolvedAnswer);
  const problems = baseProblems(props.id, props.question);
  if (!Number.isFinite(answer) || typeof props.resolvedAnswerText !== 'string') {
    problems.push('its answer was not computed at build time');
  }
  if (!(props.tolerance > 0)) problems.push('it needs a tolerance={…} above 0');
  if (problems.length > 0)
    return <MalformedQuestion tag="NumericCheck" id={props.id} problems={problems} />;
  return <NumericForm {...props} answer={answer} answerText={props.resolvedAnswerText ?? ''} />;
}

/** What stands for the answer in the explanation until it is earned or asked for. */
export const HIDDEN_ANSWER = '[answer hidden]';

/**
 * The form: a wrong answer is told wrong with the explanation, its number hidden; the engine's
 * answer shows once answered right or, after two misses in a row, when the learner asks for it
 * (and an answer given that day is recorded as revealed, not right).
 */
function NumericForm({
  id,
  question,
  unit,
  tolerance,
  explanation,
  teaches,
  answer,
  answerText,
}: NumericCheckProps & { answer: number; answerText: string }) {
  const inputId = useId();
  const why = explanation.replaceAll('{answer}', answerText);
  const whyHidden = explanation.replaceAll('{answer}', HIDDEN_ANSWER);
  const q = useQuestion({
    id,
    question,
    kind: 'numeric',
    explanation: why,
    hiddenExplanation: whyHidden,
    teaches,
  });
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const shown = editing ? undefined : q.saved;

  function check(e: FormEvent) {
    e.preventDefault();
    const graded = gradeTypedAnswer(typed, unit, answer, tolerance);
    if (!graded.ok) {
      setMessage(graded.message);
      return;
    }
    setMessage(null);
    setEditing(false);
    q.answer(typed.trim(), graded.correct);
  }

  const within = `within ${Math.round(tolerance * 100)} %`;
  const matches = (text: string) => {
    const graded = gradeTypedAnswer(text, unit, answer, tolerance);
    return graded.ok && graded.correct;
  };
  const verdict = (saved: NonNullable<typeof shown>) => {
    const revealed = saved.revealed === true && matches(saved.choice);
    let extra: ReactNode = null;
    if (q.answerShown) {
      extra = (
        <p>
          You answered {saved.choice}; the engine&apos;s answer is {answerText} (answers {within}{' '}
          count).
        </p>
      );
    } else if (!revealed) {
      extra = (
        <p>
          You answered {saved.choice}, which is not {within} of the engine&apos;s answer. Work it
          through again and type a new answer
          {q.canShowAnswer
            ? ', or ask for the answer below.'
            : '; after two tries you can ask for the answer.'}
        </p>
      );
    }
    return { correct: saved.correct, revealed, extra, text: q.answerShown ? why : whyHidden };
  };
  return (
    <QuestionFrame
      of={q}
      kicker="Work it out"
      result={shown}
      feedback={{
        warning: message,
        verdict: message === null && shown ? verdict(shown) : null,
      }}
    >
      <form onSubmit={check} noValidate className="qc-numeric">
        <label htmlFor={inputId}>Your answer{unit ? ` (in ${unit}, or another unit)` : ''}</label>{' '}
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={shown ? shown.choice : typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setEditing(true);
            setMessage(null);
          }}
        />{' '}
        <button type="submit" className="primary">
          Check
        </button>
      </form>
    </QuestionFrame>
  );
}
