import { useId, useState } from 'react';
import '../../ui/inputs.css';

/** Props of a whole-number field. */
export interface WholeNumberProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onValue(n: number): void;
  /** A hint under the field (its limits), read with it. */
  hint?: string;
}

/**
 * A whole-number field that keeps what is typed and reports only valid numbers; anything else
 * gets a message beside it and leaves the last good value in force.
 */
export function WholeNumber({ label, value, min, max, onValue, hint }: WholeNumberProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(String(value));
  }
  const valid = (t: string) => /^\d+$/.test(t.trim()) && Number(t) >= min && Number(t) <= max;
  const ok = valid(text);
  const described = [hint ? `${id}-hint` : '', ok ? '' : `${id}-error`].filter(Boolean).join(' ');
  return (
    <span className="ui-input np-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ui-field"
        type="text"
        inputMode="numeric"
        value={text}
        aria-invalid={!ok}
        aria-describedby={described || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (valid(e.target.value)) onValue(Number(e.target.value));
        }}
      />
      {hint && (
        <span id={`${id}-hint`} className="np-hint">
          {hint}
        </span>
      )}
      {!ok && (
        <span id={`${id}-error`} className="np-error" role="status">
          {`Type a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}; the profile keeps ${value.toLocaleString('en-US')} until then.`}
        </span>
      )}
    </span>
  );
}
