/** Props of a number input that keeps the last value while the box is cleared. */
export interface CountInputProps {
  id: string;
  value: number;
  min: number;
  max: number;
  /** The spinner's step (1 by default). */
  step?: number;
  /** The typed text, for a schema or a parser to check and clamp. */
  onValue(text: string): void;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * A number box whose text goes out as typed, for a schema to check (out of range is clamped
 * with a notice); a cleared box changes nothing until a number is typed.
 */
export function CountInput(props: CountInputProps) {
  const { id, value, min, max, step, onValue, describedBy, disabled } = props;
  return (
    <input
      id={id}
      className="ui-field"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={step}
      value={value}
      disabled={disabled}
      aria-describedby={describedBy}
      onChange={(e) => {
        if (e.target.value.trim() !== '') onValue(e.target.value);
      }}
    />
  );
}
