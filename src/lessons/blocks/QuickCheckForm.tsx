import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Icon } from './Icon';
import { InlineText } from './InlineText';
import type { ChoiceDef } from './quick-check-model';
import { seededOrder } from './shuffle';
import {
  answerChoices,
  answerQuestion,
  QuestionEmbed,
  useQuestionOnPage,
  useShownAnswer,
} from './question-frame';

/** Props of a well-formed quick check, with its choices already read from the children. */
export interface QuickCheckFormProps {
  id: string;
  question: string;
  choices: ChoiceDef[];
  extra: ReactNode[];
  /** "lesson-slug/heading-slug" of the section that teaches it. */
  teaches?: string;
}

/**
 * The interactive part of a quick check: radios, Check / Try again, feedback, all explanations.
 * Choices appear in this learner's own order (seeded per learner and quick check, stable across
 * visits); answers are saved by choice key, never by position.
 */
export function QuickCheckForm({ id, question, choices, extra, teaches }: QuickCheckFormProps) {
  const name = useId();
  const { saved, seed } = useShownAnswer(id);
  const hidden = useQuestionOnPage({
    id,
    question,
    explanation: choices.find((c) => c.correct)?.explanation ?? '',
    teaches: teaches ?? '',
  });
  const [retrying, setRetrying] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [nudge, setNudge] = useState(false);
  const firstRadio = useRef<HTMLInputElement>(null);

  const shownOrder = useMemo(
    () =>
      seed === null
        ? choices
        : seededOrder(choices.length, seed, id).flatMap((i) => choices[i] ?? []),
    [choices, seed, id],
  );

  // The answer on show: the saved one, unless the learner has started over since.
  const savedChoice = saved ? choices.find((c) => c.key === saved.choice) : undefined;
  const shownChoice = retrying ? undefined : savedChoice;
  const shown = shownChoice?.key ?? null;
  const current = shown ?? selected;

  function choose(key: string) {
    setSelected(key);
    setNudge(false);
    if (shown !== null && shown !== key) setRetrying(true);
  }

  function check(e: FormEvent) {
    e.preventDefault();
    const chosen = choices.find((c) => c.key === current);
    if (!chosen) {
      setNudge(true);
      return;
    }
    answerQuestion({
      id,
      question,
      kind: 'single',
      response: chosen.key,
      correct: chosen.correct,
      choices: answerChoices(choices),
    });
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
      hidden={hidden}
    >
      <form onSubmit={check} noValidate>
        <fieldset>
          <legend>
            <span className="qc-kicker">Quick check</span>
            <span className="qc-question">{question}</span>
          </legend>
          {extra.length > 0 ? <div className="qc-extra">{extra}</div> : null}
          <div className="qc-choices">
            {shownOrder.map((c, i) => (
              <label
                key={c.key}
                className="qc-choice"
                data-choice={c.key}
                data-state={shown !== c.key ? undefined : c.correct ? 'right' : 'wrong'}
              >
                <input
                  ref={i === 0 ? firstRadio : undefined}
                  type="radio"
                  name={name}
                  value={c.key}
                  checked={current === c.key}
                  onChange={() => choose(c.key)}
                />
                <span className="qc-choice-text">{c.content}</span>
                {shown === c.key ? (
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
      {shownChoice ? <AllExplanations choices={shownOrder} /> : null}
      <QuestionEmbed id={id} question={question} />
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
        {choices.map((c) => (
          <li key={c.key} data-correct={String(c.correct)}>
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
