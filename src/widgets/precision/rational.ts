/**
 * Exact rational numbers on BigInt: what the precision explorer computes with, so that a typed
 * "0.1" is exactly 1/10 and every rounded value, bound and error is exact. Values are always
 * reduced, with a positive denominator. Pure.
 */

/** A rational number n/d, reduced, with d > 0. */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** n/d reduced; throws a RangeError on a zero denominator. */
export function rat(n: bigint, d: bigint = 1n): Rational {
  if (d === 0n) throw new RangeError('a rational number needs a non-zero denominator');
  const sign = d < 0n ? -1n : 1n;
  const g = gcd(n, d) || 1n;
  return { n: (sign * n) / g, d: (sign * d) / g };
}

/** Zero. */
export const ZERO: Rational = { n: 0n, d: 1n };
/** One. */
export const ONE: Rational = { n: 1n, d: 1n };

/** 2^k exactly, for any integer k. */
export function pow2(k: number): Rational {
  if (!Number.isInteger(k)) throw new RangeError(`pow2 needs an integer, got ${k}`);
  return k >= 0 ? { n: 1n << BigInt(k), d: 1n } : { n: 1n, d: 1n << BigInt(-k) };
}

/** a + b. */
export function add(a: Rational, b: Rational): Rational {
  return rat(a.n * b.d + b.n * a.d, a.d * b.d);
}

/** a - b. */
export function sub(a: Rational, b: Rational): Rational {
  return rat(a.n * b.d - b.n * a.d, a.d * b.d);
}

/** a · b. */
export function mul(a: Rational, b: Rational): Rational {
  return rat(a.n * b.n, a.d * b.d);
}

/** a / b; throws a RangeError when b is zero. */
export function div(a: Rational, b: Rational): Rational {
  if (b.n === 0n) throw new RangeError('division by zero');
  return rat(a.n * b.d, a.d * b.n);
}

/** -a. */
export function neg(a: Rational): Rational {
  return { n: -a.n, d: a.d };
}

/** |a|. */
export function abs(a: Rational): Rational {
  return a.n < 0n ? neg(a) : a;
}

/** -1, 0 or 1 as a is negative, zero or positive. */
export function sign(a: Rational): -1 | 0 | 1 {
  return a.n < 0n ? -1 : a.n > 0n ? 1 : 0;
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function cmp(a: Rational, b: Rational): -1 | 0 | 1 {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether a equals b. */
export function eq(a: Rational, b: Rational): boolean {
  return a.n === b.n && a.d === b.d;
}

/** Number of binary digits of a positive BigInt. */
export function bitLength(x: bigint): number {
  return x <= 0n ? 0 : x.toString(2).length;
}

/** floor(log2 a) for a > 0: the exponent e with 2^e ≤ a < 2^(e+1). */
export function floorLog2(a: Rational): number {
  if (a.n <= 0n) throw new RangeError('floorLog2 needs a positive number');
  let e = bitLength(a.n) - bitLength(a.d);
  // 2^(e-1) < a < 2^(e+1) here; one comparison settles which side of 2^e it is on.
  if (cmp(a, pow2(e)) < 0) e -= 1;
  return e;
}

/** The integer nearest to a, ties to the even one (round half to even). */
export function roundHalfEven(a: Rational): bigint {
  const floor = a.n >= 0n ? a.n / a.d : -((-a.n + a.d - 1n) / a.d);
  const twiceRest = 2n * (a.n - floor * a.d);
  if (twiceRest < a.d) return floor;
  if (twiceRest > a.d) return floor + 1n;
  return floor % 2n === 0n ? floor : floor + 1n;
}

/** The exact value of a finite double (every double is a dyadic rational). */
export function fromNumber(x: number): Rational {
  if (!Number.isFinite(x)) throw new RangeError(`${x} is not a finite number`);
  if (x === 0) return ZERO;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exponentField = (hi >>> 20) & 0x7ff;
  const fraction = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  const significand = exponentField === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (exponentField === 0 ? 1 : exponentField) - 1075;
  const magnitude = mul({ n: significand, d: 1n }, pow2(exponent));
  return x < 0 ? neg(magnitude) : magnitude;
}

/** The double nearest to a (for plotting and links, never for the exact answers). */
export function toNumber(a: Rational): number {
  if (a.n === 0n) return 0;
  const negative = a.n < 0n;
  const m = abs(a);
  const e = floorLog2(m);
  if (e > 1024) return negative ? -Infinity : Infinity;
  if (e < -1100) return negative ? -0 : 0;
  // 64 significant bits, rounded once more by Number(): close enough for a plot or a link.
  const shift = 63 - e;
  const scaled = shift >= 0 ? (m.n << BigInt(shift)) / m.d : m.n / (m.d << BigInt(-shift));
  // Two factors, so neither 2^-shift on its own leaves the double range.
  const half = Math.trunc(shift / 2);
  const value = Number(scaled) * 2 ** -half * 2 ** -(shift - half);
  return negative ? -value : value;
}
