import { useMemo, useState, type FormEvent } from 'react';
import { gradeSelection, readSelection, selectionKey } from '../questions/multiple';
import { ChoiceList } from './ChoiceList';
import { InlineText } from './InlineText';
import type { QuickCheckFormProps } from './QuickCheckForm';
import { QuestionActions } from './question-feedback';
import { QuestionFrame } from './question-frame';
import { answerChoices, useQuestion } from './question-state';
import { learnerOrder } from './shuffle';

/**
 * A select-all-that-apply quick check: checkboxes in this learner's own order, right only when
 * exactly the correct choices are ticked. A wrong answer is told how many ticks are off; every
 * choice shows why it is right or wrong once the answer is earned or asked for.
 */
export function MultipleChoiceForm({ id, question, choices, extra, teaches }: QuickCheckFormProps) {
  const rightKeys = choices.filter((c) => c.correct).map((c) => c.key);
  const q = useQuestion({
    id,
    question,
    kind: 'multiple',
    explanation: choices
      .filter((c) => c.correct)
      .map((c) => c.explanation)
      .join(' '),
    teaches,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [retrying, setRetrying] = useState(false);
  const [nudge, setNudge] = useState(false);
  const shownOrder = useMemo(() => learnerOrder(choices, q.seed, id), [choices, q.seed, id]);
  const shown = retrying || !q.saved ? null : readSelection(q.saved.choice);
  const current = shown ? new Set(shown) : selected;
  const verdict = shown ? gradeSelection(shown, rightKeys) : null;
  const revealed = q.revealed && verdict?.correct === true;
  const explained = verdict !== null && q.answerShown;

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
    q.answer(selectionKey(keys), gradeSelection(keys, rightKeys).correct, answerChoices(choices));
    setRetrying(false);
  }

  return (
    <QuestionFrame
      of={q}
      kicker="Quick check: select all that apply"
      result={verdict ? q.saved : null}
      onSubmit={check}
      feedback={{
        note: nudge && !verdict ? 'Tick at least one answer first.' : null,
        verdict: verdict && {
          correct: verdict.correct && !revealed,
          revealed,
          text: verdict.correct
            ? 'You ticked exactly the right ones.'
            : `${verdict.missed} right answer(s) left empty, ${verdict.wrong} wrong one(s) ticked. Change your ticks and check again.`,
        },
      }}
      after={
        explained ? (
          <ul className="qc-all-list">
            {shownOrder.map((c) => (
              <li key={c.key} data-correct={String(c.correct)}>
                <strong>{c.correct ? 'Applies:' : 'Does not apply:'}</strong>{' '}
                <span className="qc-choice-text">{c.content}</span>{' '}
                <InlineText text={c.explanation} />
              </li>
            ))}
          </ul>
        ) : null
      }
    >
      {extra.length > 0 ? <div className="qc-extra">{extra}</div> : null}
      <ChoiceList
        choices={shownOrder}
        type="checkbox"
        checked={(c) => current.has(c.key)}
        onChange={(c) => toggle(c.key)}
        graded={
          shown && explained
            ? (c) =>
                c.correct
                  ? { state: 'right', mark: '(should be ticked)' }
                  : { state: 'wrong', mark: '(should be left empty)' }
            : undefined
        }
      />
      <QuestionActions />
    </QuestionFrame>
  );
}
