/**
 * Reading the number a learner types, exactly: "0.1" becomes 1/10 (not the double nearest to
 * it), "1e-8" is 1/10^8, and "inf", "-inf" and "nan" are the special values. Anything else gets a
 * message saying what is accepted. Pure, and never throws.
 */
import { rat, type Rational } from './rational';

/** A typed number: finite (with the sign kept, so -0 stays -0), infinite, or NaN. */
export type TypedNumber =
  | { kind: 'finite'; value: Rational; negative: boolean }
  | { kind: 'infinity'; negative: boolean }
  | { kind: 'nan' };

/** What reading the text gave: a number, or a message for the learner. */
export type TypedReading = { ok: true; number: TypedNumber } | { ok: false; message: string };

/** Longest text read. */
export const MAX_TYPED_CHARS = 200;

/**
 * Largest decimal exponent accepted. Every format here overflows above about 3.4e38 and
 * underflows below about 1.4e-45, so 10^±400 already shows everything there is to see.
 */
export const MAX_DECIMAL_EXPONENT = 400;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const INFINITY_WORDS = new Set(['inf', 'infinity', '∞']);

const ACCEPTED = 'Type a decimal number such as 0.1, -3.5, 6.1e-5 or 65504, or inf, -inf or nan.';

/** Reads typed text; see the file comment. */
export function readTypedNumber(text: string): TypedReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: `Nothing typed yet. ${ACCEPTED}` };
  if (trimmed.length > MAX_TYPED_CHARS) {
    return { ok: false, message: `That is longer than ${MAX_TYPED_CHARS} characters. ${ACCEPTED}` };
  }
  const lower = trimmed.toLowerCase();
  const unsigned = lower.replace(/^[+-]/, '');
  const negative = lower.startsWith('-');
  if (INFINITY_WORDS.has(unsigned)) return { ok: true, number: { kind: 'infinity', negative } };
  if (unsigned === 'nan') return { ok: true, number: { kind: 'nan' } };
  const match = DECIMAL.exec(trimmed);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    const hint = /^[+-]?\d+,\d+$/.test(trimmed)
      ? ' Use a dot as the decimal mark (0.5, not 0,5).'
      : '';
    return {
      ok: false,
      message: `"${snippet(trimmed)}" is not a number I can read.${hint} ${ACCEPTED}`,
    };
  }
  const exponentText = match[4] ?? '0';
  // Leading zeros of the exponent are harmless; its size is what matters.
  const exponentDigits = exponentText.replace(/^[+-]?0*/, '');
  if (exponentDigits.length > 6) return { ok: false, message: exponentMessage() };
  const digits = (whole + fraction).replace(/^0+/, '');
  const exponent = Number(exponentText) - fraction.length;
  if (digits === '') {
    return { ok: true, number: { kind: 'finite', value: rat(0n), negative } };
  }
  // The size of the number, not of its written exponent, is what is limited.
  const magnitude = exponent + digits.length - 1;
  if (Math.abs(magnitude) > MAX_DECIMAL_EXPONENT) return { ok: false, message: exponentMessage() };
  const mantissa = BigInt(digits) * (negative ? -1n : 1n);
  const value =
    exponent >= 0
      ? rat(mantissa * 10n ** BigInt(exponent))
      : rat(mantissa, 10n ** BigInt(-exponent));
  return { ok: true, number: { kind: 'finite', value, negative } };
}

function exponentMessage(): string {
  return (
    `Numbers are accepted between about 1e-${MAX_DECIMAL_EXPONENT} and 1e${MAX_DECIMAL_EXPONENT}: ` +
    'every format here has overflowed well before 1e39 and flushed to zero well before 1e-46.'
  );
}

function snippet(text: string): string {
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

/** Writes a typed number back as text the reader accepts (for the input box). */
export function typedNumberText(value: TypedNumber, exactText: (r: Rational) => string): string {
  if (value.kind === 'nan') return 'nan';
  if (value.kind === 'infinity') return value.negative ? '-inf' : 'inf';
  if (value.value.n === 0n) return value.negative ? '-0' : '0';
  return exactText(value.value);
}
