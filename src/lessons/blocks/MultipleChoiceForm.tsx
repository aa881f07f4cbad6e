import { useId, useMemo, useState, type FormEvent } from 'react';
import { gradeSelection, readSelection, selectionKey } from '../questions/multiple';
import { InlineText } from './InlineText';
import type { QuickCheckFormProps } from './QuickCheckForm';
import {
  answerChoices,
  answerQuestion,
  QuestionEmbed,
  useQuestionOnPage,
  useShownAnswer,
  Verdict,
} from './question-frame';
import { seededOrder } from './shuffle';

/**
 * A select-all-that-apply quick check: checkboxes in this learner's own order, right only when
 * exactly the correct choices are ticked; afterwards every choice shows why it is right or wrong.
 */
export function MultipleChoiceForm({ id, question, choices, extra, teaches }: QuickCheckFormProps) {
  const name = useId();
  const { saved, seed } = useShownAnswer(id);
  const rightKeys = choices.filter((c) => c.correct).map((c) => c.key);
  const hidden = useQuestionOnPage({
    id,
    question,
    explanation: choices
      .filter((c) => c.correct)
      .map((c) => c.explanation)
      .join(' '),
    teaches: teaches ?? '',
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [retrying, setRetrying] = useState(false);
  const [nudge, setNudge] = useState(false);
  const shownOrder = useMemo(
    () =>
      seed === null
        ? choices
        : seededOrder(choices.length, seed, id).flatMap((i) => choices[i] ?? []),
    [choices, seed, id],
  );
  const shown = retrying || !saved ? null : readSelection(saved.choice);
  const current = shown ? new Set(shown) : selected;
  const verdict = shown ? gradeSelection(shown, rightKeys) : null;

  function toggle(key: string) {
    const next = new Set(current);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelected(next);
    setRetrying(true);
    setNudge(false);
  }

  function check(e: FormEvent) {
    e.preventDefault();
    if (current.size === 0) {
      setNudge(true);
      return;
    }
    const keys = [...current];
    answerQuestion({
      id,
      question,
      kind: 'multiple',
      response: selectionKey(keys),
      correct: gradeSelection(keys, rightKeys).correct,
      choices: answerChoices(choices),
    });
    setRetrying(false);
  }

  return (
    <div
      className="quick-check"
      data-quick-check={id}
      data-kind="multiple"
      data-answered={String(verdict !== null)}
      data-correct={String(verdict?.correct === true)}
      hidden={hidden}
    >
      <form onSubmit={check} noValidate>
        <fieldset>
          <legend>
            <span className="qc-kicker">Quick check: select all that apply</span>
            <span className="qc-question">{question}</span>
          </legend>
          {extra.length > 0 ? <div className="qc-extra">{extra}</div> : null}
          <div className="qc-choices">
            {shownOrder.map((c) => (
              <label
                key={c.key}
                className="qc-choice"
                data-choice={c.key}
                data-state={shown === null ? undefined : c.correct ? 'right' : 'wrong'}
              >
                <input
                  type="checkbox"
                  name={name}
                  value={c.key}
                  checked={current.has(c.key)}
                  onChange={() => toggle(c.key)}
                />
                <span className="qc-choice-text">{c.content}</span>
                {shown !== null ? (
                  <span className="qc-choice-mark">
                    {c.correct ? '(should be ticked)' : '(should be left empty)'}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
          <div className="qc-actions">
            <button type="submit" className="primary">
              Check
            </button>
          </div>
        </fieldset>
      </form>
      <div className="qc-feedback" role="status" aria-live="polite">
        {verdict ? (
          <Verdict
            correct={verdict.correct}
            text={
              verdict.correct
                ? 'You ticked exactly the right ones.'
                : `${verdict.missed} right answer(s) left empty, ${verdict.wrong} wrong one(s) ticked. Change your ticks and check again.`
            }
          />
        ) : null}
        {nudge && !verdict ? <p>Tick at least one answer first.</p> : null}
      </div>
      {verdict ? (
        <ul className="qc-all-list">
          {shownOrder.map((c) => (
            <li key={c.key} data-correct={String(c.correct)}>
              <strong>{c.correct ? 'Applies:' : 'Does not apply:'}</strong>{' '}
              <span className="qc-choice-text">{c.content}</span>{' '}
              <InlineText text={c.explanation} />
            </li>
          ))}
        </ul>
      ) : null}
      <QuestionEmbed id={id} question={question} />
    </div>
  );
}
