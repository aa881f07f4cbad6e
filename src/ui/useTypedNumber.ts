import { useId, useState, type ChangeEvent } from 'react';
import './field.css';

/** Options of a typed-number box. */
export interface TypedNumberOptions {
  /** The number in force, which the box shows again whenever it changes from outside. */
  value: number;
  /** Whether a text is a number the widget accepts. */
  valid(text: string): boolean;
  /** Called with each accepted number as it is typed. */
  onValue(n: number): void;
  /** Whether the number may have decimals (the keyboard a phone shows); whole by default. */
  decimal?: boolean;
  /** The box's id; one of the page's own when left out. */
  id?: string;
}

/** A typed-number box: its id, whether its text is valid, and the props of its `<input>`. */
export interface TypedNumber {
  /** The input's id, for its label and for the ids of its hint and error. */
  id: string;
  /** Whether the text in the box is a valid number (so that number is in force). */
  ok: boolean;
  /** Spread on the `<input>`: a text box holding the text as typed, marked when invalid. */
  inputProps: {
    id: string;
    className: string;
    type: 'text';
    inputMode: 'numeric' | 'decimal';
    value: string;
    'aria-invalid': boolean;
    onChange(e: ChangeEvent<HTMLInputElement>): void;
  };
}

/**
 * A text box for a number that keeps what is typed and reports only valid numbers: anything else
 * stays in the box, marked invalid, and leaves the last good value in force. A new value from
 * outside (a link, a reset) replaces the text.
 */
export function useTypedNumber({
  value,
  valid,
  onValue,
  decimal = false,
  id: givenId,
}: TypedNumberOptions): TypedNumber {
  const ownId = useId();
  const id = givenId ?? ownId;
  const [text, setText] = useState(String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(String(value));
  }
  const ok = valid(text);
  return {
    id,
    ok,
    inputProps: {
      id,
      className: 'ui-field',
      type: 'text',
      inputMode: decimal ? 'decimal' : 'numeric',
      value: text,
      'aria-invalid': !ok,
      onChange: (e) => {
        setText(e.target.value);
        if (valid(e.target.value)) onValue(Number(e.target.value));
      },
    },
  };
}

/**
 * A check for typed text: digits with at most `decimals` after a point (none by default),
 * spaces around them allowed, from `min` to `max`.
 */
export function numberTextIn(min: number, max: number, decimals = 0): (text: string) => boolean {
  const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`) : /^\d+$/;
  return (text) => pattern.test(text.trim()) && Number(text) >= min && Number(text) <= max;
}
