/**
 * IEEE half precision (fp16) on top of JavaScript's doubles: rounding a value to the nearest
 * fp16 (ties to even, overflow to infinity, subnormals kept), and converting to and from the
 * 16-bit patterns an fp16 tensor stores. Rounding goes straight from the double, so the result of
 * an fp16 add, multiply, divide or square root computed in double and rounded here is the
 * correctly rounded fp16 result (a double carries more than twice fp16's 11 bits).
 */

/** Largest finite fp16 value. */
export const HALF_MAX = 65504;
/** Smallest positive normal fp16 value, 2^-14. */
const HALF_MIN_NORMAL = 2 ** -14;
/** Spacing of fp16 subnormals, 2^-24. */
const HALF_SUBNORMAL_STEP = 2 ** -24;
/** Values at or above this magnitude round to infinity (halfway between 65504 and 65536). */
const HALF_OVERFLOW = 65520;

/** Rounds `y` to an integer, ties to even. */
function roundEven(y: number): number {
  const floor = Math.floor(y);
  const rest = y - floor;
  if (rest > 0.5) return floor + 1;
  if (rest < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** The fp16 value nearest to `x` (ties to even), as a number. */
export function roundHalf(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  if (a >= HALF_OVERFLOW) return x > 0 ? Infinity : -Infinity;
  let step: number;
  if (a < HALF_MIN_NORMAL) {
    step = HALF_SUBNORMAL_STEP;
  } else {
    let e = Math.floor(Math.log2(a));
    if (2 ** e > a) e--;
    else if (2 ** (e + 1) <= a) e++;
    step = 2 ** (e - 10);
  }
  const r = roundEven(a / step) * step;
  return x < 0 ? -r : r;
}

/** The 16-bit pattern of the fp16 nearest to `x`. */
export function floatToHalfBits(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const h = roundHalf(x);
  const sign = h < 0 || Object.is(h, -0) ? 0x8000 : 0;
  const a = Math.abs(h);
  if (a === Infinity) return sign | 0x7c00;
  if (a === 0) return sign;
  if (a < HALF_MIN_NORMAL) return sign | Math.round(a / HALF_SUBNORMAL_STEP);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  const mantissa = Math.round((a / 2 ** e - 1) * 1024);
  return sign | ((e + 15) << 10) | mantissa;
}

/** The value of a 16-bit fp16 pattern. */
export function halfBitsToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * HALF_SUBNORMAL_STEP;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Infinity : NaN;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** Rounds a float to tf32 (fp32's 8-bit exponent, 10 explicit mantissa bits; ties to even). */
export function roundTf32(x: number): number {
  const f = Math.fround(x);
  if (!Number.isFinite(f) || f === 0) return f;
  const a = Math.abs(f);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  const step = 2 ** (Math.max(e, -126) - 10);
  const r = Math.fround(roundEven(a / step) * step);
  return f < 0 ? -r : r;
}
