import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ChoiceList } from './ChoiceList';
import { InlineText } from './InlineText';
import type { ChoiceDef } from './quick-check-model';
import { learnerOrder } from './shuffle';
import { QuestionActions } from './question-feedback';
import { QuestionFrame } from './question-frame';
import { answerChoices, useQuestion } from './question-state';

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
 * The interactive part of a quick check: radios, Check / Try again, feedback, and all
 * explanations once the right answer is earned or asked for (a wrong answer shows its own
 * explanation only). Choices appear in this learner's own order (seeded per learner and quick
 * check, stable across visits); answers are saved by choice key, never by position.
 */
export function QuickCheckForm({ id, question, choices, extra, teaches }: QuickCheckFormProps) {
  const q = useQuestion({
    id,
    question,
    kind: 'single',
    explanation: choices.find((c) => c.correct)?.explanation ?? '',
    teaches,
  });
  const [retrying, setRetrying] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [nudge, setNudge] = useState(false);
  const firstRadio = useRef<HTMLInputElement>(null);
  const shownOrder = useMemo(() => learnerOrder(choices, q.seed, id), [choices, q.seed, id]);

  // The answer on show: the saved one, unless the learner has started over since.
  const savedChoice = q.saved ? choices.find((c) => c.key === q.saved?.choice) : undefined;
  const shownChoice = retrying ? undefined : savedChoice;
  const shown = shownChoice?.key ?? null;
  const revealed = q.revealed && shownChoice?.correct === true;
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
    q.answer(chosen.key, chosen.correct, answerChoices(choices));
    setRetrying(false);
    setNudge(false);
  }

  function tryAgain() {
    setRetrying(true);
    setSelected(null);
    firstRadio.current?.focus();
  }

  return (
    <QuestionFrame
      of={q}
      kicker="Quick check"
      result={shownChoice ? q.saved : undefined}
      onSubmit={check}
      feedback={{
        note: nudge && !shownChoice ? 'Choose an answer first.' : null,
        verdict: shownChoice && {
          correct: shownChoice.correct && !revealed,
          revealed,
          text: shownChoice.explanation,
        },
      }}
      after={
        shownChoice && q.answerShown ? (
          // Asked for after misses: open at once; earned: one click away.
          <AllExplanations choices={shownOrder} open={!shownChoice.correct || revealed} />
        ) : null
      }
    >
      {extra.length > 0 ? <div className="qc-extra">{extra}</div> : null}
      <ChoiceList
        choices={shownOrder}
        type="radio"
        firstInput={firstRadio}
        checked={(c) => current === c.key}
        onChange={(c) => choose(c.key)}
        graded={(c) => {
          if (shown !== c.key) {
            return shown !== null && q.answerShown && c.correct
              ? { state: 'right', mark: '(the right answer)' }
              : null;
          }
          if (revealed) return { state: 'right', mark: '(your answer, given after it was shown)' };
          return c.correct
            ? { state: 'right', mark: '(your answer: correct)' }
            : { state: 'wrong', mark: '(your answer: not correct)' };
        }}
      />
      <QuestionActions>
        {shown !== null ? (
          <button type="button" onClick={tryAgain}>
            Try again
          </button>
        ) : null}
      </QuestionActions>
    </QuestionFrame>
  );
}

function AllExplanations({ choices, open }: { choices: ChoiceDef[]; open: boolean }) {
  return (
    <details className="qc-all" open={open}>
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
