/**
 * One row of the explorer: a typed number as one format stores it, with the exact value it
 * rounds to, the absolute and relative error, and a plain verdict (exact, rounded, subnormal,
 * overflowed to inf or to NaN, flushed to zero). Pure.
 */
import { roundToFormat, type Encoded, type Rounded } from './encoding';
import { exactDecimal, shortDecimal } from './exact-decimal';
import type { NumberFormat } from './formats';
import { abs, div, sub, type Rational } from './rational';
import type { TypedNumber } from './typed-number';

/** How a verdict is shown: its tone picks the colour, the text says what happened. */
export interface Verdict {
  tone: 'ok' | 'info' | 'warn' | 'bad';
  /** A few words ("rounded", "overflow → inf"). */
  label: string;
  /** One sentence on what happened. */
  detail: string;
}

/** A typed number in one format. */
export interface FormatReading {
  format: NumberFormat;
  rounded: Rounded;
  /** The stored value as exact decimal text ("0.0999755859375", "-0", "inf", "NaN"). */
  valueText: string;
  /** Stored minus typed, exactly; null when either is not finite. */
  absoluteError: Rational | null;
  /** |stored - typed| / |typed|; null when that is undefined (typed 0, inf or NaN). */
  relativeError: Rational | null;
  verdict: Verdict;
}

/** The exact text of a stored value. */
export function encodedText(encoded: Encoded): string {
  if (encoded.cls === 'nan') return 'NaN';
  if (encoded.cls === 'infinity') return encoded.sign ? '-inf' : 'inf';
  if (encoded.cls === 'zero') return encoded.sign ? '-0' : '0';
  return exactDecimal(encoded.value!);
}

/** An error as short text: exact when it fits eight digits, else marked "≈". */
export function errorText(error: Rational | null): string {
  if (error === null) return '—';
  const short = shortDecimal(error, 8);
  return short.exact ? short.text : `≈ ${short.text}`;
}

function verdictOf(format: NumberFormat, { encoded, outcome }: Rounded): Verdict {
  const name = format.name;
  const subnormal = encoded.cls === 'subnormal';
  switch (outcome) {
    case 'nan':
      return { tone: 'info', label: 'NaN', detail: `NaN stays NaN in ${name}.` };
    case 'infinity':
      return format.specials === 'ieee'
        ? { tone: 'info', label: 'inf', detail: `${name} has infinities, so inf stays inf.` }
        : {
            tone: 'bad',
            label: 'inf → NaN',
            detail: `${name} has no infinity: PyTorch turns inf into NaN (the S.1111.111 pattern).`,
          };
    case 'overflow':
      return format.specials === 'ieee'
        ? {
            tone: 'bad',
            label: `overflow → ${encoded.sign ? '-inf' : 'inf'}`,
            detail: `Beyond ${name}'s largest value even after rounding: it became infinite.`,
          }
        : {
            tone: 'bad',
            label: 'overflow → NaN',
            detail:
              `Beyond 448 after rounding. ${name} has no infinity and PyTorch's cast does not ` +
              'saturate, so the result is NaN; clamp to ±448 before casting to keep a number.',
          };
    case 'underflow':
      return {
        tone: 'bad',
        label: `underflow → ${encoded.sign ? '-0' : '0'}`,
        detail: `Closer to zero than half of ${name}'s smallest subnormal: flushed to zero.`,
      };
    case 'exact':
      return subnormal
        ? {
            tone: 'warn',
            label: 'exact, subnormal',
            detail: 'Held exactly, in the subnormal range.',
          }
        : { tone: 'ok', label: 'exact', detail: `${name} holds this number exactly.` };
    case 'rounded':
      return subnormal
        ? {
            tone: 'warn',
            label: 'subnormal',
            detail: `Below ${name}'s smallest normal value: stored with fewer significant bits.`,
          }
        : {
            tone: 'info',
            label: 'rounded',
            detail: 'Rounded to the nearest value (ties to even).',
          };
  }
}

/** The typed number as `format` stores it; see the file comment. */
export function readInFormat(format: NumberFormat, typed: TypedNumber): FormatReading {
  const rounded = roundToFormat(format, typed);
  const stored = rounded.encoded.value;
  const finiteTyped = typed.kind === 'finite' ? typed.value : null;
  const absoluteError = stored !== null && finiteTyped !== null ? sub(stored, finiteTyped) : null;
  const relativeError =
    absoluteError !== null && finiteTyped !== null && finiteTyped.n !== 0n
      ? div(abs(absoluteError), abs(finiteTyped))
      : null;
  return {
    format,
    rounded,
    valueText: encodedText(rounded.encoded),
    absoluteError,
    relativeError,
    verdict: verdictOf(format, rounded),
  };
}
