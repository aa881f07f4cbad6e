/**
 * The half-precision matmul and its f32 twin: sizes, plan (launch and work, shared with the cost
 * engine), inputs, the twin's WGSL, and the CPU reference with its error bounds. Both variants
 * get the very same numbers (uniform in [-1, 1], rounded to f16 once on the host), so every
 * difference between their results comes from the arithmetic. This file imports no WGSL.
 */
import type { KernelDescriptor, Precision } from '../../../engine/models';
import { mixIndex } from '../../../compute/inputs';
import type { KernelPlan } from '../../kernel-plan';
import { matmulCpuAt, matmulTolerance, type MatmulShape } from '../../../compute/matmul-reference';
import { requireInteger } from '../../../compute/require-integer';
import { halfBits, halfValue } from './half';

/** Workgroup edge: 16 × 16 invocations, one per element of a 16 × 16 block of C. */
export const MATMUL_F16_EDGE = 16;

/** Which arithmetic runs: f16 (needs "shader-f16") or the f32 twin. */
export type HalfMatmulVariant = 'f16' | 'f32';

/** Seeds of A and B. */
export const MATMUL_F16_SEEDS = { a: 0xf16a, b: 0xf16b } as const;

/** Bytes of one stored element of A or B. */
export function elementBytes(variant: HalfMatmulVariant): number {
  return variant === 'f16' ? 2 : 4;
}

/** Throws a RangeError unless n is a positive even integer (f16 rows must fill 4-byte words). */
export function requireMatmulF16Size(n: number): void {
  requireInteger('n', n, 2);
  if (n % 2 !== 0) throw new RangeError(`n must be even, got ${n}`);
}

/** The launch and the work of one n × n product. */
export function matmulF16Plan(
  n: number,
  variant: HalfMatmulVariant,
  maxWorkgroupsPerDimension: number,
): KernelPlan {
  requireMatmulF16Size(n);
  const groups = Math.ceil(n / MATMUL_F16_EDGE);
  if (groups > maxWorkgroupsPerDimension) {
    throw new RangeError(`n = ${n} needs ${groups} workgroups along one dimension`);
  }
  const bytesRead = 2 * n * n * elementBytes(variant);
  const bytesWritten = n * n * 4;
  const precision: Precision = variant === 'f16' ? 'fp16' : 'fp32';
  // Plain shader arithmetic, no tensor cores: the engine's 'other' kind on CUDA-core lanes.
  const descriptor: KernelDescriptor = {
    name: `matmul ${n}x${n}x${n} ${variant} (shader)`,
    kind: 'other',
    precision,
    bytesRead,
    bytesWritten,
    flops: 2 * n ** 3,
    threadsPerBlock: MATMUL_F16_EDGE ** 2,
    blocks: groups * groups,
    footprintBytes: bytesRead + bytesWritten,
  };
  return {
    descriptor,
    workgroupSize: [MATMUL_F16_EDGE, MATMUL_F16_EDGE, 1],
    dispatches: [[groups, groups, 1]],
  };
}

/** The inputs of one size: A and B as f16 patterns and as the same values in f32. */
export interface MatmulF16Inputs {
  n: number;
  a: Float32Array<ArrayBuffer>;
  b: Float32Array<ArrayBuffer>;
  aHalf: Uint16Array<ArrayBuffer>;
  bHalf: Uint16Array<ArrayBuffer>;
}

/** One seeded matrix: uniform in [-1, 1], rounded to f16. */
function matrix(
  n: number,
  seed: number,
): { values: Float32Array<ArrayBuffer>; half: Uint16Array<ArrayBuffer> } {
  const half = new Uint16Array(n * n);
  const values = new Float32Array(n * n);
  for (let i = 0; i < n * n; i++) {
    const uniform = (mixIndex(i, seed) >>> 0) / 2 ** 31 - 1;
    half[i] = halfBits(uniform);
    values[i] = halfValue(half[i]!);
  }
  return { values, half };
}

/** The seeded inputs of an n × n product. */
export function matmulF16Inputs(n: number): MatmulF16Inputs {
  requireMatmulF16Size(n);
  const a = matrix(n, MATMUL_F16_SEEDS.a);
  const b = matrix(n, MATMUL_F16_SEEDS.b);
  return { n, a: a.values, b: b.values, aHalf: a.half, bHalf: b.half };
}

/**
 * The f32 twin's WGSL: the same text without `enable f16;` and with `scalar` aliased to f32.
 * Throws if the source no longer has either line, so the twin cannot silently stay f16.
 */
export function f32TwinSource(source: string): string {
  const enable = /^enable f16;\n/m;
  const alias = /^alias scalar = f16;$/m;
  if (!enable.test(source) || !alias.test(source)) {
    throw new Error('the f16 matmul WGSL must hold `enable f16;` and `alias scalar = f16;`');
  }
  return source.replace(enable, '').replace(alias, 'alias scalar = f32;');
}

/** Largest relative error of one f16 operation, allowing either neighbour (WGSL's rule). */
export const F16_OPERATION_ERROR = 2 ** -10;

/**
 * Largest error allowed in one element of the f16 result: each of the n products and n sums
 * passes through at most n + 1 roundings of at most 2^-10 relative (gamma_(n+1) of Higham's
 * bound), plus 2^-14 per product for products that fall below f16's normal range and may be
 * flushed to zero. Loose by design: it catches garbage, not a slightly worse rounding.
 */
export function halfTolerance(n: number, absSum: number): number {
  const nu = (n + 1) * F16_OPERATION_ERROR;
  const gamma = nu < 1 ? nu / (1 - nu) : Number.POSITIVE_INFINITY;
  return gamma * absSum + n * 2 ** -14;
}

/** Largest error allowed for a variant (the f32 twin uses the f32 matmul bound). */
export function toleranceOf(variant: HalfMatmulVariant, n: number, absSum: number): number {
  return variant === 'f16' ? halfTolerance(n, absSum) : matmulTolerance(n, absSum);
}

/** C[row][col] of the inputs in f64, and Σ|a·b| for its bound. */
export function referenceAt(
  inputs: MatmulF16Inputs,
  row: number,
  col: number,
): { value: number; absSum: number } {
  const shape: MatmulShape = { m: inputs.n, n: inputs.n, k: inputs.n };
  return matmulCpuAt(inputs.a, inputs.b, shape, row, col);
}

/** The whole product in f64, stored as f32: the record's CPU reference (small sizes). */
export function matmulF16Cpu(inputs: MatmulF16Inputs): Float32Array {
  const c = new Float32Array(inputs.n * inputs.n);
  for (let row = 0; row < inputs.n; row++) {
    for (let col = 0; col < inputs.n; col++) {
      c[row * inputs.n + col] = referenceAt(inputs, row, col).value;
    }
  }
  return c;
}

/** How far a result is from the f64 reference, over the elements checked. */
export interface MatmulErrors {
  /** Largest |result - exact|. */
  maxAbsError: number;
  /** Largest |exact| over the same elements. */
  maxExact: number;
  /** maxAbsError / maxExact: the error relative to the size of the result. */
  relativeError: number;
  /** Elements compared. */
  checked: number;
}

/** Accumulates errors element by element. */
export function errorTally(): {
  add(exact: number, actual: number): void;
  result(): MatmulErrors;
} {
  let maxAbsError = 0;
  let maxExact = 0;
  let checked = 0;
  return {
    add(exact, actual) {
      checked++;
      const error = Math.abs(actual - exact);
      if (error > maxAbsError || Number.isNaN(error)) maxAbsError = error;
      maxExact = Math.max(maxExact, Math.abs(exact));
    },
    result: () => ({
      maxAbsError,
      maxExact,
      relativeError: maxExact > 0 ? maxAbsError / maxExact : maxAbsError,
      checked,
    }),
  };
}
