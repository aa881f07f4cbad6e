import { numberTextIn, useTypedNumber } from '../../ui/useTypedNumber';
import '../../ui/inputs.css';

/** Props of a number field. */
export interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  /** Decimal places a typed value may have; 0 (the default) for whole numbers. */
  decimals?: number;
  onValue(n: number): void;
  /** A note under the field (its limits, where to find a value), read with it. */
  hint?: string;
}

/** What to type instead of an invalid value, and the value the profile keeps meanwhile. */
function correction(min: number, max: number, decimals: number, value: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return decimals > 0
    ? `Type a number from ${n(min)} to ${n(max)} with at most ${decimals} decimals; the profile keeps ${n(value)} until then.`
    : `Type a whole number from ${n(min)} to ${n(max)}; the profile keeps ${n(value)} until then.`;
}

/**
 * A field for a whole number (the batch) or one with decimals (the host's µs per op) that keeps
 * what is typed and reports only valid numbers; anything else gets a message beside it and
 * leaves the last good value in force.
 */
export function NumberField({
  label,
  value,
  min,
  max,
  decimals = 0,
  onValue,
  hint,
}: NumberFieldProps) {
  const field = useTypedNumber({
    value,
    valid: numberTextIn(min, max, decimals),
    onValue,
    decimal: decimals > 0,
  });
  const { id, ok } = field;
  const described = [hint ? `${id}-hint` : '', ok ? '' : `${id}-error`].filter(Boolean).join(' ');
  return (
    <span className="ui-input np-field">
      <label htmlFor={id}>{label}</label>
      <input {...field.inputProps} aria-describedby={described || undefined} />
      {hint && (
        <span id={`${id}-hint`} className="np-hint np-field-hint">
          {hint}
        </span>
      )}
      {!ok && (
        <span id={`${id}-error`} className="np-error" role="status">
          {correction(min, max, decimals, value)}
        </span>
      )}
    </span>
  );
}
