import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { progressStore, useProgress } from '../../store/progress';
import { Icon } from './Icon';
import { InlineText } from './InlineText';
import type { ChoiceDef } from './quick-check-model';

/** Props of a well-formed quick check, with its choices already read from the children. */
export interface QuickCheckFormProps {
  id: string;
  question: string;
  choices: ChoiceDef[];
  extra: ReactNode[];
}

/** The interactive part of a quick check: radios, Check / Try again, feedback, all explanations. */
export function QuickCheckForm({ id, question, choices, extra }: QuickCheckFormProps) {
  const name = useId();
  const saved = useProgress((s) => s.answers[id]);
  const [retrying, setRetrying] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [nudge, setNudge] = useState(false);
  const firstRadio = useRef<HTMLInputElement>(null);

  // The answer on show: the saved one, unless the learner has started over since.
  const shown = !retrying && saved && saved.choice < choices.length ? saved.choice : null;
  const shownChoice = shown === null ? undefined : choices[shown];
  const current = shown ?? selected;

  function choose(i: number) {
    setSelected(i);
    setNudge(false);
    if (shown !== null && shown !== i) setRetrying(true);
  }

  function check(e: FormEvent) {
    e.preventDefault();
    const chosen = current === null ? undefined : choices[current];
    if (current === null || !chosen) {
      setNudge(true);
      return;
    }
    progressStore.getState().answerQuickCheck(id, current, chosen.correct);
    setRetrying(false);
    setNudge(false);
  }

  function tryAgain() {
    setRetrying(true);
    setSelected(null);
    firstRadio.current?.focus();
  }

  return (
    <div
      className="quick-check"
      data-quick-check={id}
      data-answered={String(shownChoice !== undefined)}
      data-correct={String(shownChoice?.correct === true)}
    >
      <form onSubmit={check} noValidate>
        <fieldset>
          <legend>
            <span className="qc-kicker">Quick check</span>
            <span className="qc-question">{question}</span>
          </legend>
          {extra.length > 0 ? <div className="qc-extra">{extra}</div> : null}
          <div className="qc-choices">
            {choices.map((c, i) => (
              <label
                key={i}
                className="qc-choice"
                data-state={shown !== i ? undefined : c.correct ? 'right' : 'wrong'}
              >
                <input
                  ref={i === 0 ? firstRadio : undefined}
                  type="radio"
                  name={name}
                  value={i}
                  checked={current === i}
                  onChange={() => choose(i)}
                />
                <span className="qc-choice-text">{c.content}</span>
                {shown === i ? (
                  <span className="qc-choice-mark">
                    {c.correct ? '(your answer: correct)' : '(your answer: not correct)'}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
          <div className="qc-actions">
            <button type="submit" className="primary">
              Check
            </button>
            {shown !== null ? (
              <button type="button" onClick={tryAgain}>
                Try again
              </button>
            ) : null}
          </div>
        </fieldset>
      </form>
      <div className="qc-feedback" role="status" aria-live="polite">
        {shownChoice ? <Feedback choice={shownChoice} /> : null}
        {nudge && !shownChoice ? <p>Choose an answer first.</p> : null}
      </div>
      {shownChoice ? <AllExplanations choices={choices} /> : null}
    </div>
  );
}

function Feedback({ choice }: { choice: ChoiceDef }) {
  return (
    <div className={choice.correct ? 'qc-verdict qc-right' : 'qc-verdict qc-wrong'}>
      <p className="qc-verdict-head">
        <Icon name={choice.correct ? 'check' : 'cross'} />
        <strong>{choice.correct ? 'Correct.' : 'Not quite.'}</strong>
      </p>
      <p>
        <InlineText text={choice.explanation} />
      </p>
    </div>
  );
}

function AllExplanations({ choices }: { choices: ChoiceDef[] }) {
  return (
    <details className="qc-all">
      <summary>Show all explanations</summary>
      <ul>
        {choices.map((c, i) => (
          <li key={i} data-correct={String(c.correct)}>
            <div className="qc-all-choice">
              <strong>{c.correct ? 'Right answer:' : 'Wrong answer:'}</strong>{' '}
              <span className="qc-choice-text">{c.content}</span>
            </div>
            <div className="qc-all-why">
              <InlineText text={c.explanation} />
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
