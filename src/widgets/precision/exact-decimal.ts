/**
 * Rationals as decimal text. Every value a binary format holds is a fraction over a power of
 * two, so it has a finite decimal expansion: `exactDecimal` writes all of it (0.1 in fp16 is
 * exactly 0.0999755859375). `shortDecimal` writes any rational to a few significant digits and
 * says whether that was exact. Pure.
 */
import { abs, bitLength, cmp, rat, roundHalfEven, type Rational } from './rational';

/** Plain notation is used for decimal exponents in [-6, 21), as JavaScript prints numbers. */
const PLAIN_MIN_EXPONENT = -6;
const PLAIN_MAX_EXPONENT = 21;

/** Whether a rational's decimal expansion ends (its denominator has no prime but 2 and 5). */
export function isTerminating(r: Rational): boolean {
  let d = r.d;
  while (d % 2n === 0n) d /= 2n;
  while (d % 5n === 0n) d /= 5n;
  return d === 1n;
}

/** floor(log10 |r|) for r ≠ 0. */
export function floorLog10(r: Rational): number {
  const m = abs(r);
  if (m.n === 0n) throw new RangeError('floorLog10 needs a non-zero number');
  let e = Math.floor((bitLength(m.n) - bitLength(m.d)) * Math.LOG10E * Math.LN2);
  // The estimate is off by at most one or two; step until 10^e ≤ m < 10^(e+1).
  while (cmp(m, pow10(e)) < 0) e -= 1;
  while (cmp(m, pow10(e + 1)) >= 0) e += 1;
  return e;
}

function pow10(e: number): Rational {
  return e >= 0 ? rat(10n ** BigInt(e)) : rat(1n, 10n ** BigInt(-e));
}

/** Significant digits and the exponent of the first: value = 0.d1d2… × 10^(exponent + 1). */
interface DecimalDigits {
  negative: boolean;
  digits: string;
  exponent: number;
}

/** Writes digits with a decimal exponent, plain or scientific (`1.5e-8`). */
function layout({ negative, digits, exponent }: DecimalDigits): string {
  const sign = negative ? '-' : '';
  if (exponent >= PLAIN_MIN_EXPONENT && exponent < PLAIN_MAX_EXPONENT) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const rest = digits.slice(exponent + 1);
    return `${sign}${whole}${rest ? `.${rest}` : ''}`;
  }
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}e${exponent >= 0 ? '+' : '-'}${Math.abs(exponent)}`;
}

/**
 * The whole decimal expansion of a terminating rational (throws a RangeError for one that does
 * not terminate, such as 1/3).
 */
export function exactDecimal(r: Rational): string {
  if (!isTerminating(r)) throw new RangeError('this number has no finite decimal expansion');
  if (r.n === 0n) return '0';
  let twos = 0;
  let fives = 0;
  let d = r.d;
  while (d % 2n === 0n) [d, twos] = [d / 2n, twos + 1];
  while (d % 5n === 0n) [d, fives] = [d / 5n, fives + 1];
  const places = Math.max(twos, fives);
  const scaled = ((r.n < 0n ? -r.n : r.n) * 10n ** BigInt(places)) / r.d;
  const text = scaled.toString();
  const digits = text.replace(/0+$/, '');
  return layout({ negative: r.n < 0n, digits, exponent: text.length - 1 - places });
}

/** A rational to at most `significant` digits, and whether that is its exact value. */
export function shortDecimal(r: Rational, significant = 6): { text: string; exact: boolean } {
  if (r.n === 0n) return { text: '0', exact: true };
  const exponent = floorLog10(r);
  const shift = significant - 1 - exponent;
  const scaled =
    shift >= 0
      ? rat(abs(r).n * 10n ** BigInt(shift), r.d)
      : rat(abs(r).n, r.d * 10n ** BigInt(-shift));
  let rounded = roundHalfEven(scaled);
  let top = exponent;
  if (rounded === 10n ** BigInt(significant)) {
    rounded /= 10n;
    top += 1;
  }
  const exact = scaled.d === 1n && scaled.n === rounded;
  const digits = rounded.toString().replace(/0+$/, '') || '0';
  return { text: layout({ negative: r.n < 0n, digits, exponent: top }), exact };
}
