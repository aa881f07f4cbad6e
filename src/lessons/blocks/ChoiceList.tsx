import { useId, type Ref } from 'react';
import type { ChoiceDef } from './quick-check-model';

/** A graded choice: right or wrong (its border), and a mark saying so in words. */
export interface ChoiceGrade {
  state: 'right' | 'wrong';
  mark: string;
}

/**
 * The choices of a choice question, in the order given, as one group of radios or checkboxes:
 * each with its text and, once graded, its state and mark.
 */
export function ChoiceList({
  choices,
  type,
  checked,
  onChange,
  graded,
  disabled,
  firstInput,
}: {
  choices: readonly ChoiceDef[];
  type: 'radio' | 'checkbox';
  checked: (choice: ChoiceDef) => boolean;
  onChange: (choice: ChoiceDef) => void;
  /** Each choice's grade, or null where it shows none. */
  graded?: ((choice: ChoiceDef) => ChoiceGrade | null) | undefined;
  disabled?: boolean;
  /** Given the first input (to focus it when the learner tries again). */
  firstInput?: Ref<HTMLInputElement>;
}) {
  const name = useId();
  return (
    <div className="qc-choices">
      {choices.map((c, i) => {
        const grade = graded?.(c) ?? null;
        return (
          <label key={c.key} className="qc-choice" data-choice={c.key} data-state={grade?.state}>
            <input
              ref={i === 0 ? firstInput : undefined}
              type={type}
              name={name}
              value={c.key}
              disabled={disabled}
              checked={checked(c)}
              onChange={() => onChange(c)}
            />
            <span className="qc-choice-text">{c.content}</span>
            {grade ? <span className="qc-choice-mark">{grade.mark}</span> : null}
          </label>
        );
      })}
    </div>
  );
}
