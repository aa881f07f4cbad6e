import { useId, useState } from 'react';
import '../../ui/inputs.css';

/** Props of a decimal-number field. */
export interface DecimalNumberProps {
  label: string;
  value: number;
  min: number;
  max: number;
  /** Decimal places a typed value may have. */
  decimals: number;
  onValue(n: number): void;
  /** A note under the field, read with it. */
  hint?: string;
}

/**
 * A field for a number with decimals (the host's µs per op) that keeps what is typed and reports
 * only valid numbers; anything else gets a message beside it and leaves the last good value.
 */
export function DecimalNumber({
  label,
  value,
  min,
  max,
  decimals,
  onValue,
  hint,
}: DecimalNumberProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(String(value));
  }
  const pattern = new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  const valid = (t: string) => pattern.test(t.trim()) && Number(t) >= min && Number(t) <= max;
  const ok = valid(text);
  const described = [hint ? `${id}-hint` : '', ok ? '' : `${id}-error`].filter(Boolean).join(' ');
  return (
    <span className="ui-input np-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ui-field"
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={!ok}
        aria-describedby={described || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (valid(e.target.value)) onValue(Number(e.target.value));
        }}
      />
      {hint && (
        <span id={`${id}-hint`} className="np-hint np-field-hint">
          {hint}
        </span>
      )}
      {!ok && (
        <span id={`${id}-error`} className="np-error" role="status">
          {`Type a number from ${min} to ${max} with at most ${decimals} decimals; the profile keeps ${value} until then.`}
        </span>
      )}
    </span>
  );
}
