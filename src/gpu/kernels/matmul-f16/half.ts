/**
 * IEEE half precision on the host: a double rounded to the nearest f16 (ties to even, ±inf past
 * 65504) as its 16-bit pattern, and a pattern read back as a double. The f16 kernel's inputs are
 * written with these, so the host knows exactly which numbers the GPU multiplies. Pure.
 */

/** Smallest positive normal f16, 2^-14. */
const MIN_NORMAL = 2 ** -14;
/** Spacing of the subnormals, 2^-24. */
const SUBNORMAL_STEP = 2 ** -24;
/** Halfway between 65504 and 65536: from here on, rounding gives infinity. */
const OVERFLOW_AT = 65520;

/** Rounds y ≥ 0 to the nearest integer, ties to even (exact for y < 2^52). */
function roundHalfEven(y: number): number {
  const floor = Math.floor(y);
  const rest = y - floor;
  if (rest > 0.5) return floor + 1;
  if (rest < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** The f16 pattern nearest to `x`; NaN becomes 0x7e00. */
export function halfBits(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a >= OVERFLOW_AT) return sign | 0x7c00;
  if (a < MIN_NORMAL) {
    // Subnormal: a count of 2^-24 steps; 1024 steps carries into the smallest normal's pattern.
    return sign | roundHalfEven(a / SUBNORMAL_STEP);
  }
  let exponent = Math.floor(Math.log2(a));
  if (2 ** exponent > a) exponent -= 1;
  if (2 ** (exponent + 1) <= a) exponent += 1;
  // 1024..2048 steps of 2^(e-10); 2048 carries into the next exponent by plain addition.
  const steps = roundHalfEven(a / 2 ** (exponent - 10));
  return sign | (((exponent + 15) << 10) + (steps - 1024));
}

/** The value of an f16 pattern. */
export function halfValue(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Infinity : NaN;
  if (exponent === 0) return sign * mantissa * SUBNORMAL_STEP;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** `x` rounded to the nearest f16 value. */
export function roundToHalf(x: number): number {
  return halfValue(halfBits(x));
}
