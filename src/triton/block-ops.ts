/**
 * The interpreter's element-wise and block kernels on typed arrays: fp32 blocks in
 * Float32Array (each result rounded to fp32 as it is stored), fp16 blocks in Float32Array holding
 * values rounded to fp16 after every operation, int32 in Int32Array (wrapping, as the GPU does),
 * int1 in Uint8Array, pointers as element offsets in Float64Array. Results are computed in double
 * and rounded once, which is the correctly rounded result for + - * / and sqrt.
 */
import type { BlockType, Dtype } from './dtype';
import { isPointer, numel } from './dtype';
import { roundHalf, roundTf32 } from './half';
import type { BinaryKind, CompareKind, DotPrecision, ReduceKind, UnaryKind } from './ir';
import { toInt32 } from './tensor';

/** A block's elements. */
export type BlockData = Float32Array | Int32Array | Uint8Array | Float64Array;

/** A typed array for `type`. */
export function allocate(type: BlockType): BlockData {
  return allocateDtype(type.dtype, numel(type.shape));
}

function allocateDtype(dtype: Dtype, n: number): BlockData {
  if (isPointer(dtype)) return new Float64Array(n);
  if (dtype === 'int32') return new Int32Array(n);
  if (dtype === 'int1') return new Uint8Array(n);
  return new Float32Array(n);
}

/** Rounds a float partial result to its dtype (fp16 or fp32). */
function floatStep(dtype: Dtype): (x: number) => number {
  return dtype === 'fp16' ? roundHalf : Math.fround;
}

/** The rounding an fp16 result needs beyond the Float32Array store (none for other dtypes). */
export function rounder(dtype: Dtype): (x: number) => number {
  return dtype === 'fp16' ? roundHalf : (x) => x;
}

/** A number converted to `dtype`, as `.to()` converts it. */
export function convert(x: number, dtype: Dtype): number {
  switch (dtype) {
    case 'fp16':
      return roundHalf(x);
    case 'fp32':
      return Math.fround(x);
    case 'int32':
      return toInt32(x);
    case 'int1':
      return x !== 0 ? 1 : 0;
    default:
      return x;
  }
}

/** The larger of two floats; a NaN loses to a number (PTX's max.f32, Triton's default). */
function fmax(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return a >= b ? a : b;
}

function fmin(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return a <= b ? a : b;
}

/** Thrown by an integer division by zero; the interpreter adds the line and program. */
export class DivisionByZero extends Error {}

/** `out = a kind b`, element-wise, in `dtype`. */
export function binaryInto(
  kind: BinaryKind,
  dtype: Dtype,
  a: BlockData,
  b: BlockData,
  out: BlockData,
): void {
  const n = out.length;
  const round = rounder(dtype);
  const int = dtype === 'int32' || dtype === 'int1';
  const f = binaryFn(kind, int);
  for (let i = 0; i < n; i++) out[i] = round(f(a[i] as number, b[i] as number));
}

function binaryFn(kind: BinaryKind, int: boolean): (x: number, y: number) => number {
  switch (kind) {
    case 'add':
      return (x, y) => x + y;
    case 'sub':
      return (x, y) => x - y;
    case 'mul':
      return int ? Math.imul : (x, y) => x * y;
    case 'div':
      return (x, y) => x / y;
    case 'floordiv':
      return (x, y) => {
        if (y === 0) throw new DivisionByZero();
        return Math.trunc(x / y);
      };
    case 'mod':
      return int
        ? (x, y) => {
            if (y === 0) throw new DivisionByZero();
            return x % y;
          }
        : (x, y) => x % y;
    case 'and':
      return (x, y) => x & y;
    case 'or':
      return (x, y) => x | y;
    case 'xor':
      return (x, y) => x ^ y;
    case 'shl':
      return (x, y) => x << y;
    case 'shr':
      return (x, y) => x >> y;
    case 'maximum':
      return int ? Math.max : fmax;
    case 'minimum':
      return int ? Math.min : fmin;
  }
}

/** `out = a kind b` for a comparison (out is int1). */
export function compareInto(kind: CompareKind, a: BlockData, b: BlockData, out: BlockData): void {
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    let r: boolean;
    switch (kind) {
      case 'eq':
        r = x === y;
        break;
      case 'ne':
        r = x !== y;
        break;
      case 'lt':
        r = x < y;
        break;
      case 'le':
        r = x <= y;
        break;
      case 'gt':
        r = x > y;
        break;
      default:
        r = x >= y;
    }
    out[i] = r ? 1 : 0;
  }
}

/** `out = kind(src)` element-wise in `dtype`. */
export function unaryInto(kind: UnaryKind, dtype: Dtype, src: BlockData, out: BlockData): void {
  const round = rounder(dtype);
  const f = unaryFn(kind, dtype);
  for (let i = 0; i < out.length; i++) out[i] = round(f(src[i] as number));
}

function unaryFn(kind: UnaryKind, dtype: Dtype): (x: number) => number {
  switch (kind) {
    case 'neg':
      return (x) => -x;
    case 'not':
      return dtype === 'int1' ? (x) => (x ? 0 : 1) : (x) => ~x;
    case 'exp':
      return Math.exp;
    case 'exp2':
      return (x) => 2 ** x;
    case 'log':
      return Math.log;
    case 'sqrt':
      return Math.sqrt;
    case 'rsqrt':
      return (x) => 1 / Math.sqrt(x);
    case 'abs':
      return Math.abs;
    case 'sigmoid':
      return (x) => 1 / (1 + Math.exp(-x));
  }
}

/** `out = src` converted to `dtype`. */
export function castInto(dtype: Dtype, src: BlockData, out: BlockData): void {
  for (let i = 0; i < out.length; i++) out[i] = convert(src[i] as number, dtype);
}

/** Row-major strides of a shape. */
function stridesOf(shape: readonly number[]): number[] {
  const s = new Array<number>(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; i--)
    s[i] = (s[i + 1] as number) * (shape[i + 1] as number);
  return s;
}

/** `out` (of `outShape`) = `src` (same rank, dimensions of 1 stretched). */
export function broadcastInto(
  srcShape: readonly number[],
  outShape: readonly number[],
  src: BlockData,
  out: BlockData,
): void {
  const rank = outShape.length;
  const srcStrides = stridesOf(srcShape).map((s, i) => (srcShape[i] === 1 ? 0 : s));
  const index = new Array<number>(rank).fill(0);
  let from = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = src[from] as number;
    for (let d = rank - 1; d >= 0; d--) {
      index[d] = (index[d] as number) + 1;
      from += srcStrides[d] as number;
      if ((index[d] as number) < (outShape[d] as number)) break;
      from -= (srcStrides[d] as number) * (outShape[d] as number);
      index[d] = 0;
    }
  }
}

/** Splits a shape around `axis` into (outer, length, inner); the whole block when axis is null. */
function around(shape: readonly number[], axis: number | null): [number, number, number] {
  if (axis === null) return [1, numel(shape), 1];
  const outer = numel(shape.slice(0, axis));
  const inner = numel(shape.slice(axis + 1));
  return [outer, shape[axis] as number, inner];
}

/**
 * Reduces along `axis`, in order (index 0 first), rounding each partial result to the dtype. A
 * GPU combines in a tree, so float sums can differ in the last bits; max, min and argmax agree.
 * argmax keeps the first index of the largest value (Triton's tie_break_left).
 */
export function reduceInto(
  kind: ReduceKind,
  dtype: Dtype,
  shape: readonly number[],
  axis: number | null,
  src: BlockData,
  out: BlockData,
): void {
  const [outer, len, inner] = around(shape, axis);
  const round = floatStep(dtype);
  const int = dtype === 'int32' || dtype === 'int1';
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const base = o * len * inner + i;
      let acc = src[base] as number;
      let arg = 0;
      for (let k = 1; k < len; k++) {
        const x = src[base + k * inner] as number;
        if (kind === 'sum') acc = int ? (acc + x) | 0 : round(acc + x);
        else if (kind === 'max') acc = int ? Math.max(acc, x) : fmax(acc, x);
        else if (kind === 'min') acc = int ? Math.min(acc, x) : fmin(acc, x);
        else if (x > acc || (Number.isNaN(acc) && !Number.isNaN(x))) {
          acc = x;
          arg = k;
        }
      }
      out[o * inner + i] = kind === 'argmax' ? arg : acc;
    }
  }
}

/** Inclusive prefix sum along `axis`, rounding each partial sum to the dtype. */
export function cumsumInto(
  dtype: Dtype,
  shape: readonly number[],
  axis: number,
  src: BlockData,
  out: BlockData,
): void {
  const [outer, len, inner] = around(shape, axis);
  const round = floatStep(dtype);
  const int = dtype === 'int32';
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const base = o * len * inner + i;
      let acc = 0;
      for (let k = 0; k < len; k++) {
        const at = base + k * inner;
        acc = int ? (acc + (src[at] as number)) | 0 : round(acc + (src[at] as number));
        out[at] = acc;
      }
    }
  }
}

/**
 * `out = a @ b + acc` with a [M, K], b [K, N]: for each output, starting from acc, add the
 * products in k order, rounding to fp32 after each step (fp32 accumulation; fp16 products are
 * exact in fp32). With tf32 precision, fp32 inputs are first rounded to tf32.
 */
export function dotInto(
  m: number,
  n: number,
  k: number,
  a: BlockData,
  b: BlockData,
  acc: BlockData,
  precision: DotPrecision,
  out: BlockData,
): void {
  const ai = precision === 'tf32' ? Float32Array.from(a as Float32Array, roundTf32) : a;
  const bi = precision === 'tf32' ? Float32Array.from(b as Float32Array, roundTf32) : b;
  const f32 = new Float32Array(1);
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < n; c++) {
      f32[0] = acc[r * n + c] as number;
      for (let x = 0; x < k; x++)
        f32[0] = (f32[0] as number) + (ai[r * k + x] as number) * (bi[x * n + c] as number);
      out[r * n + c] = f32[0] as number;
    }
  }
}
