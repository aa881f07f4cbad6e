/**
 * Rounding a number into a format and reading a bit pattern back. Rounding is to nearest, ties
 * to even, done once on the exact value. Out of range, an IEEE format gives ±inf; float8 e4m3fn
 * has no infinity and gives NaN, as PyTorch's conversion does (c10's fp8e4m3fn_from_fp32_value:
 * no saturation, infinities become NaN too). Pure.
 */
import { floorLog2, mul, pow2, rat, type Rational } from './rational';
import {
  maxNormalExponentField,
  minNormalExponent,
  topExponentField,
  totalBits,
  type NumberFormat,
} from './formats';
import type { TypedNumber } from './typed-number';

/** What kind of value a bit pattern holds. */
export type ValueClass = 'zero' | 'subnormal' | 'normal' | 'infinity' | 'nan';

/** A bit pattern of a format and what it means. */
export interface Encoded {
  /** The whole pattern as an unsigned integer (sign bit highest). */
  bits: number;
  sign: 0 | 1;
  exponentField: number;
  mantissaField: number;
  cls: ValueClass;
  /** The exact value, signed; null for ±inf and NaN. A negative zero is 0 with sign 1. */
  value: Rational | null;
}

/** What rounding did to the typed number. */
export type RoundingOutcome =
  | 'exact'
  | 'rounded'
  /** Too large: ±inf in IEEE formats, NaN in e4m3fn. */
  | 'overflow'
  /** Non-zero, but nearer zero than half the smallest subnormal: became ±0. */
  | 'underflow'
  /** The typed value was ±inf (e4m3fn turns it into NaN). */
  | 'infinity'
  /** The typed value was NaN. */
  | 'nan';

/** A typed number rounded into a format. */
export interface Rounded {
  encoded: Encoded;
  outcome: RoundingOutcome;
}

/** Puts sign, exponent and mantissa fields together into one pattern. */
export function composeBits(
  format: NumberFormat,
  sign: 0 | 1,
  exponentField: number,
  mantissaField: number,
): number {
  return (
    sign * 2 ** (totalBits(format) - 1) + exponentField * 2 ** format.mantissaBits + mantissaField
  );
}

/** Splits a pattern into its fields. */
export function splitBits(
  format: NumberFormat,
  bits: number,
): { sign: 0 | 1; exponentField: number; mantissaField: number } {
  const mantissaSpan = 2 ** format.mantissaBits;
  const signSpan = 2 ** (totalBits(format) - 1);
  const sign: 0 | 1 = bits >= signSpan ? 1 : 0;
  const rest = bits - sign * signSpan;
  return {
    sign,
    exponentField: Math.floor(rest / mantissaSpan),
    mantissaField: rest % mantissaSpan,
  };
}

function withSign(value: Rational, sign: 0 | 1): Rational {
  return sign === 1 ? rat(-value.n, value.d) : value;
}

/** Reads a bit pattern of `format`; throws a RangeError for a pattern wider than the format. */
export function decodeBits(format: NumberFormat, bits: number): Encoded {
  if (!Number.isInteger(bits) || bits < 0 || bits >= 2 ** totalBits(format)) {
    throw new RangeError(`${bits} is not a ${totalBits(format)}-bit pattern`);
  }
  const { sign, exponentField, mantissaField } = splitBits(format, bits);
  const m = format.mantissaBits;
  const top = exponentField === topExponentField(format);
  let cls: ValueClass;
  let value: Rational | null = null;
  if (top && format.specials === 'ieee') {
    cls = mantissaField === 0 ? 'infinity' : 'nan';
  } else if (top && mantissaField === 2 ** m - 1) {
    cls = 'nan';
  } else if (exponentField === 0) {
    cls = mantissaField === 0 ? 'zero' : 'subnormal';
    const magnitude = mul(rat(BigInt(mantissaField)), pow2(minNormalExponent(format) - m));
    value = withSign(magnitude, sign);
  } else {
    cls = 'normal';
    const significand = rat(BigInt(2 ** m + mantissaField));
    value = withSign(mul(significand, pow2(exponentField - format.bias - m)), sign);
  }
  // One literal with every field: `{ ...fields, cls, value }` is several times slower in V8.
  return { bits, sign, exponentField, mantissaField, cls, value };
}

/** The pattern a NaN becomes, with the given sign. */
function nanOf(format: NumberFormat, sign: 0 | 1): Encoded {
  return decodeBits(format, format.nanBits + sign * 2 ** (totalBits(format) - 1));
}

/** ±inf, which only IEEE formats have. */
function infinityOf(format: NumberFormat, sign: 0 | 1): Encoded {
  return decodeBits(format, composeBits(format, sign, topExponentField(format), 0));
}

/** What a value beyond the largest finite one becomes: ±inf, or NaN in e4m3fn. */
function overflowOf(format: NumberFormat, sign: 0 | 1): Encoded {
  return format.specials === 'ieee' ? infinityOf(format, sign) : nanOf(format, sign);
}

/** The integer nearest to n/d (n ≥ 0, d > 0), ties to even, and whether n/d was exact. */
function divideHalfEven(n: bigint, d: bigint): { quotient: bigint; exact: boolean } {
  const quotient = n / d;
  const twiceRest = 2n * (n - quotient * d);
  if (twiceRest === 0n) return { quotient, exact: true };
  const up = twiceRest > d || (twiceRest === d && quotient % 2n === 1n);
  return { quotient: up ? quotient + 1n : quotient, exact: false };
}

/**
 * The fields of `steps` quanta of 2^(exponent - m), where exponent is the magnitude's own (or
 * the smallest normal one): below 2^m steps it is subnormal, 2^(m+1) steps carries into the
 * next exponent. Null when the result is past the largest finite value.
 */
function fieldsOf(
  format: NumberFormat,
  exponent: number,
  steps: bigint,
): { exponentField: number; mantissaField: number } | null {
  const m = format.mantissaBits;
  const hidden = 1n << BigInt(m);
  if (steps < hidden) return { exponentField: 0, mantissaField: Number(steps) };
  const carry = steps === hidden << 1n;
  const exponentField = exponent + format.bias + (carry ? 1 : 0);
  const mantissaField = carry ? 0 : Number(steps - hidden);
  const top = maxNormalExponentField(format);
  const topMantissa = format.specials === 'ieee' ? 2 ** m - 1 : 2 ** m - 2;
  if (exponentField > top || (exponentField === top && mantissaField > topMantissa)) return null;
  return { exponentField, mantissaField };
}

/** Rounds a typed number into `format`; see the file comment. */
export function roundToFormat(format: NumberFormat, typed: TypedNumber): Rounded {
  if (typed.kind === 'nan') return { encoded: nanOf(format, 0), outcome: 'nan' };
  const sign: 0 | 1 = typed.negative ? 1 : 0;
  if (typed.kind === 'infinity') return { encoded: overflowOf(format, sign), outcome: 'infinity' };
  const n = typed.value.n < 0n ? -typed.value.n : typed.value.n;
  const d = typed.value.d;
  const zero = (): Encoded => decodeBits(format, composeBits(format, sign, 0, 0));
  if (n === 0n) return { encoded: zero(), outcome: 'exact' };
  const exponent = Math.max(floorLog2({ n, d }), minNormalExponent(format));
  // steps = n / d / 2^(exponent - m), rounded half to even.
  const shift = exponent - format.mantissaBits;
  const { quotient: steps, exact } =
    shift >= 0 ? divideHalfEven(n, d << BigInt(shift)) : divideHalfEven(n << BigInt(-shift), d);
  if (steps === 0n) return { encoded: zero(), outcome: 'underflow' };
  const fields = fieldsOf(format, exponent, steps);
  if (!fields) return { encoded: overflowOf(format, sign), outcome: 'overflow' };
  const bits = composeBits(format, sign, fields.exponentField, fields.mantissaField);
  return { encoded: decodeBits(format, bits), outcome: exact ? 'exact' : 'rounded' };
}
