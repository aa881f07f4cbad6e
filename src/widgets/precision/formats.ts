/**
 * The floating-point formats the explorer compares, as data: sign, exponent and mantissa bits,
 * the exponent bias, and how the top exponent is used (IEEE infinities and NaNs, or float8
 * e4m3fn's "finite" encoding with no infinity and a single NaN pattern per sign). From these the
 * limits follow exactly: largest and smallest normal, smallest subnormal, machine epsilon.
 * Pure.
 */
import { mul, pow2, type Rational } from './rational';

/** The formats, as the explorer names them. */
export const FORMAT_IDS = ['fp32', 'tf32', 'fp16', 'bf16', 'e4m3', 'e5m2'] as const;

/** One of the formats. */
export type FormatId = (typeof FORMAT_IDS)[number];

/** How the largest exponent field is used. */
export type SpecialEncoding =
  /** IEEE 754: all-ones exponent is ±inf (mantissa 0) or NaN (any other mantissa). */
  | 'ieee'
  /** float8 e4m3fn: no infinities; only S.1111.111 is NaN, the rest of that exponent is finite. */
  | 'finite-nan-only';

/** A binary floating-point format. */
export interface NumberFormat {
  id: FormatId;
  /** Short name ("FP16"). */
  name: string;
  /** The PyTorch dtype, or how PyTorch reaches the format. */
  torchName: string;
  exponentBits: number;
  mantissaBits: number;
  bias: number;
  specials: SpecialEncoding;
  /** The NaN pattern PyTorch writes when it converts a NaN (sign bit clear). */
  nanBits: number;
  /** One line on where the format is used. */
  note: string;
}

/** Every format, in the order the explorer lists them. */
export const FORMATS: readonly NumberFormat[] = [
  {
    id: 'fp32',
    name: 'FP32',
    torchName: 'torch.float32',
    exponentBits: 8,
    mantissaBits: 23,
    bias: 127,
    specials: 'ieee',
    nanBits: 0x7fc00000,
    note: 'IEEE single precision: master weights, optimizer state and the default dtype.',
  },
  {
    id: 'tf32',
    name: 'TF32',
    torchName: 'no dtype: fp32 tensors, after torch.set_float32_matmul_precision("high")',
    exponentBits: 8,
    mantissaBits: 10,
    bias: 127,
    specials: 'ieee',
    nanBits: 0x3fe00,
    note: 'Tensor-core input only (Ampere and newer): fp32 range, fp16 precision; results stay fp32.',
  },
  {
    id: 'fp16',
    name: 'FP16',
    torchName: 'torch.float16 (torch.half)',
    exponentBits: 5,
    mantissaBits: 10,
    bias: 15,
    specials: 'ieee',
    nanBits: 0x7e00,
    note: 'IEEE half precision: fine steps, small range, so fp16 training needs loss scaling.',
  },
  {
    id: 'bf16',
    name: 'BF16',
    torchName: 'torch.bfloat16',
    exponentBits: 8,
    mantissaBits: 7,
    bias: 127,
    specials: 'ieee',
    nanBits: 0x7fc0,
    note: 'The top half of an fp32: the same exponent range, coarse steps; no loss scaling needed.',
  },
  {
    id: 'e4m3',
    name: 'FP8 E4M3',
    torchName: 'torch.float8_e4m3fn',
    exponentBits: 4,
    mantissaBits: 3,
    bias: 7,
    specials: 'finite-nan-only',
    nanBits: 0x7f,
    note: 'Hopper-class fp8 for weights and activations; no infinity, largest value 448.',
  },
  {
    id: 'e5m2',
    name: 'FP8 E5M2',
    torchName: 'torch.float8_e5m2',
    exponentBits: 5,
    mantissaBits: 2,
    bias: 15,
    specials: 'ieee',
    nanBits: 0x7f,
    note: 'fp8 with fp16’s exponent range, often used for gradients; IEEE-style inf and NaN.',
  },
];

/** The format with this id. */
export function formatOf(id: FormatId): NumberFormat {
  const format = FORMATS.find((f) => f.id === id);
  if (!format) throw new RangeError(`unknown format ${String(id)}`);
  return format;
}

/** Bits in one value: sign, exponent and mantissa. */
export function totalBits(format: NumberFormat): number {
  return 1 + format.exponentBits + format.mantissaBits;
}

/** The all-ones exponent field. */
export function topExponentField(format: NumberFormat): number {
  return 2 ** format.exponentBits - 1;
}

/** The largest exponent field a finite normal value uses. */
export function maxNormalExponentField(format: NumberFormat): number {
  const top = topExponentField(format);
  return format.specials === 'ieee' ? top - 1 : top;
}

/** The largest mantissa field of the largest finite value. */
function maxMantissaAtTop(format: NumberFormat): number {
  const all = 2 ** format.mantissaBits - 1;
  return format.specials === 'ieee' ? all : all - 1;
}

/** The exponent of the smallest normal value: 1 - bias. */
export function minNormalExponent(format: NumberFormat): number {
  return 1 - format.bias;
}

/** The exact limits of a format. */
export interface FormatLimits {
  largestNormal: Rational;
  smallestNormal: Rational;
  smallestSubnormal: Rational;
  /** The gap between 1 and the next larger value (torch.finfo(dtype).eps). */
  epsilon: Rational;
}

/** The limits of a format, exactly. */
export function limitsOf(format: NumberFormat): FormatLimits {
  const m = format.mantissaBits;
  const topExponent = maxNormalExponentField(format) - format.bias;
  // The largest finite value is (2^m + its mantissa field) / 2^m × 2^topExponent.
  const topSignificand = mul(pow2(-m), { n: BigInt(2 ** m + maxMantissaAtTop(format)), d: 1n });
  return {
    largestNormal: mul(topSignificand, pow2(topExponent)),
    smallestNormal: pow2(minNormalExponent(format)),
    smallestSubnormal: pow2(minNormalExponent(format) - m),
    epsilon: pow2(-m),
  };
}
