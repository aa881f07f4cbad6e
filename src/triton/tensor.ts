/**
 * The host side's tensors: a dtype, a shape, strides in elements and the storage as a typed
 * array (fp16 as its 16-bit patterns, as a GPU buffer holds them). A kernel receives a tensor as
 * a pointer to element 0 of its storage; loads and stores are checked against the storage's
 * length.
 */
import type { ElementDtype } from './dtype';
import { floatToHalfBits, halfBitsToFloat } from './half';

/** Storage of a tensor. */
export type TensorStorage = Float32Array | Uint16Array | Int32Array;

/** A tensor a kernel reads and writes. */
export interface TritonTensor {
  readonly dtype: ElementDtype;
  readonly shape: readonly number[];
  /** Elements to step for one step along each dimension. */
  readonly strides: readonly number[];
  readonly data: TensorStorage;
}

/** A float argument, for a whole number that must reach the kernel as fp32 (not int32). */
export interface FloatArg {
  readonly float: number;
}

/** Marks a number as a Python float (`1.0`, not `1`). */
export function floatArg(value: number): FloatArg {
  return { float: value };
}

/** Row-major strides of a shape. */
export function contiguousStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; i--)
    strides[i] = (strides[i + 1] as number) * (shape[i + 1] as number);
  return strides;
}

function storageFor(dtype: ElementDtype, length: number): TensorStorage {
  if (dtype === 'fp16') return new Uint16Array(length);
  if (dtype === 'int32') return new Int32Array(length);
  return new Float32Array(length);
}

/** A contiguous tensor filled from `values` (rounded to its dtype), or zeros. */
export function makeTensor(
  dtype: ElementDtype,
  shape: readonly number[],
  values?: ArrayLike<number>,
): TritonTensor {
  const n = shape.reduce((a, b) => a * b, 1);
  if (!shape.every((d) => Number.isInteger(d) && d >= 0))
    throw new RangeError(`bad shape [${shape.join(', ')}]`);
  if (values && values.length !== n)
    throw new RangeError(
      `${values.length} values for a tensor of shape [${shape.join(', ')}] (${n} elements)`,
    );
  const data = storageFor(dtype, n);
  if (values) for (let i = 0; i < n; i++) writeElement(data, dtype, i, values[i] as number);
  return { dtype, shape: [...shape], strides: contiguousStrides(shape), data };
}

/** A view with other strides over the same storage (`x.t()` is `view(x, [c, r], [1, c])`). */
export function view(
  t: TritonTensor,
  shape: readonly number[],
  strides: readonly number[],
): TritonTensor {
  return { dtype: t.dtype, shape: [...shape], strides: [...strides], data: t.data };
}

/** Element `i` of the storage as a number. */
export function readElement(data: TensorStorage, dtype: ElementDtype, i: number): number {
  const raw = data[i] as number;
  return dtype === 'fp16' ? halfBitsToFloat(raw) : raw;
}

/** Writes a number to element `i` of the storage, rounded to the dtype. */
export function writeElement(
  data: TensorStorage,
  dtype: ElementDtype,
  i: number,
  value: number,
): void {
  if (dtype === 'fp16') data[i] = floatToHalfBits(value);
  else if (dtype === 'int32') data[i] = toInt32(value);
  else data[i] = value;
}

/** A float converted to int32 as PTX's cvt.rzi.s32 does: toward zero, saturating, NaN to 0. */
export function toInt32(value: number): number {
  if (Number.isNaN(value)) return 0;
  if (value >= 2147483647) return 2147483647;
  if (value <= -2147483648) return -2147483648;
  return Math.trunc(value) | 0;
}

/** The storage as plain numbers (fp16 decoded). */
export function toNumbers(t: TritonTensor): number[] {
  return Array.from(t.data, (_, i) => readElement(t.data, t.dtype, i));
}
