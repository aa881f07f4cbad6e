/**
 * The subset's dtypes and Triton's promotion rules for them
 * (https://triton-lang.org/main/python-api/triton-semantics.html):
 *
 * - between two blocks, the higher kind wins ({bool} < {integers} < {floats}), then the wider
 *   dtype of one kind: (int32, fp32) -> fp32, (fp16, fp32) -> fp32, (int1, int32) -> int32;
 * - with a scalar (a literal or a tl.constexpr): a scalar of a lower or equal kind does not take
 *   part ((fp16, 2.0) -> fp16, (int32, 3) -> int32); a scalar of a higher kind brings the
 *   lowest dtype that holds it, int32 for ints and fp32 for floats ((int32, 1.5) -> fp32);
 * - `/` and `%` have no fp16 form: with a float on either side both sides go to fp32, and int /
 *   int is fp32 too; `//` and `%` on integers keep integer promotion.
 */
import { compileError } from './errors';

/** Element dtypes a host tensor can hold. */
export type ElementDtype = 'int32' | 'fp16' | 'fp32';
/** Scalar dtypes of block values: booleans (comparisons, masks) and the element dtypes. */
export type ScalarDtype = 'int1' | ElementDtype;
/** A pointer to elements of one dtype (a tensor argument, or offsets into one). */
export type PointerDtype = `ptr<${ElementDtype}>`;
/** Every dtype a value in a kernel can have. */
export type Dtype = ScalarDtype | PointerDtype;

/** The type of a value: its dtype and its block shape (`[]` for a scalar). */
export interface BlockType {
  readonly dtype: Dtype;
  readonly shape: readonly number[];
}

/** Kinds, lowest first. */
export type Kind = 'bool' | 'int' | 'float';
const KIND_RANK: Readonly<Record<Kind, number>> = { bool: 0, int: 1, float: 2 };

/** Bit width of each scalar dtype. */
const WIDTH: Readonly<Record<ScalarDtype, number>> = { int1: 1, int32: 32, fp16: 16, fp32: 32 };

/** Is `dtype` a pointer? */
export function isPointer(dtype: Dtype): dtype is PointerDtype {
  return dtype.startsWith('ptr<');
}

/** The element dtype a pointer points to. */
export function pointee(dtype: PointerDtype): ElementDtype {
  return dtype.slice(4, -1) as ElementDtype;
}

/** The pointer dtype to elements of `dtype`. */
export function pointerTo(dtype: ElementDtype): PointerDtype {
  return `ptr<${dtype}>`;
}

/** The kind of a scalar dtype. */
export function kindOf(dtype: ScalarDtype): Kind {
  if (dtype === 'int1') return 'bool';
  return dtype === 'int32' ? 'int' : 'float';
}

/** Is it a floating-point dtype? */
export function isFloat(dtype: Dtype): boolean {
  return dtype === 'fp16' || dtype === 'fp32';
}

/** Bytes one element of `dtype` takes in the interpreter. */
export function bytesOf(dtype: Dtype): number {
  if (isPointer(dtype)) return 8;
  return dtype === 'int1' ? 1 : 4;
}

/** The common dtype of two block dtypes (Triton's kind, then width rules). */
export function promoteBlocks(a: ScalarDtype, b: ScalarDtype): ScalarDtype {
  if (a === b) return a;
  const ka = KIND_RANK[kindOf(a)];
  const kb = KIND_RANK[kindOf(b)];
  if (ka !== kb) return ka > kb ? a : b;
  return WIDTH[a] >= WIDTH[b] ? a : b;
}

/** The dtype a scalar of `kind` takes when it must become a block value. */
export function scalarDtype(kind: Kind, value: number | boolean, line: number): ScalarDtype {
  if (kind === 'bool') return 'int1';
  if (kind === 'float') return 'fp32';
  const n = Number(value);
  if (n < -(2 ** 31) || n >= 2 ** 31)
    throw compileError(line, `the integer ${n} does not fit in int32; this runtime has no int64`);
  return 'int32';
}

/** The common dtype of a block of `dtype` and a scalar of `kind`. */
export function promoteWithScalar(
  dtype: ScalarDtype,
  kind: Kind,
  value: number | boolean,
  line: number,
): ScalarDtype {
  if (KIND_RANK[kind] <= KIND_RANK[kindOf(dtype)]) return dtype;
  return scalarDtype(kind, value, line);
}

/** The dtype of the arguments of `/` and float `%`: fp32 when either side is a float. */
export function divisionDtype(a: ScalarDtype, b: ScalarDtype): ScalarDtype {
  return isFloat(a) || isFloat(b) ? 'fp32' : promoteBlocks(a, b);
}

/** Triton's name for a dtype in messages: `fp32`, `pointer<fp16>`. */
export function dtypeName(dtype: Dtype): string {
  return isPointer(dtype) ? `pointer<${pointee(dtype)}>` : dtype;
}

/** A type as Triton prints it: `fp32` for a scalar, `<[16, 32], fp32>` for a block. */
export function typeName(type: BlockType): string {
  if (type.shape.length === 0) return dtypeName(type.dtype);
  return `<[${type.shape.join(', ')}], ${dtypeName(type.dtype)}>`;
}

/** Number of elements of a shape. */
export function numel(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** Do two shapes agree? */
export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}
