/** Tensor shapes: element counts, broadcasting, and the checks PyTorch makes on sizes. */
import { runtimeError } from './errors';

/** Most elements a tensor may have for the console to keep its values. */
export const MAX_VALUE_ELEMENTS = 4096;

/** The number of elements of a shape (1 for a 0-dim tensor). */
export function numel(shape: readonly number[]): number {
  return shape.reduce((product, size) => product * size, 1);
}

/** Checks sizes as `torch.empty` does: no negative dimension, no overflowing byte count. */
export function checkShape(shape: readonly number[], bytesPerElement: number): void {
  const negative = shape.find((size) => size < 0);
  if (negative !== undefined) {
    throw runtimeError(
      `Trying to create tensor with negative dimension ${negative}: [${shape.join(', ')}]`,
    );
  }
  const bytes = shape.reduce((product, size) => product * BigInt(size), BigInt(bytesPerElement));
  if (bytes > 2n ** 63n - 1n) {
    throw runtimeError(
      `Storage size calculation overflowed with sizes=[${shape.join(', ')}]`,
      'That many elements cannot exist in any memory; check the shape for a typo.',
    );
  }
}

/** The broadcast shape of two shapes, or PyTorch's RuntimeError naming the mismatch. */
export function broadcastShapes(a: readonly number[], b: readonly number[]): number[] {
  const ndim = Math.max(a.length, b.length);
  const out = new Array<number>(ndim);
  for (let i = ndim - 1; i >= 0; i--) {
    const da = a[i - (ndim - a.length)] ?? 1;
    const db = b[i - (ndim - b.length)] ?? 1;
    if (da !== db && da !== 1 && db !== 1) {
      throw runtimeError(
        `The size of tensor a (${da}) must match the size of tensor b (${db}) at non-singleton dimension ${i}`,
        'Elementwise operations need shapes that are equal, or 1, in each dimension, counted from the right.',
      );
    }
    out[i] = da === 1 ? db : da;
  }
  return out;
}

/** Row-major strides of a shape. */
export function stridesOf(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length);
  let stride = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = stride;
    stride *= shape[i] ?? 1;
  }
  return strides;
}

/**
 * For each element of `outShape`, the index of the element of `shape` that broadcasting reads.
 * Used to expand an operand to the output's size.
 */
export function broadcastIndex(shape: readonly number[], outShape: readonly number[]): Int32Array {
  const total = numel(outShape);
  const index = new Int32Array(total);
  const offset = outShape.length - shape.length;
  const inStrides = stridesOf(shape);
  const outStrides = stridesOf(outShape);
  for (let flat = 0; flat < total; flat++) {
    let rest = flat;
    let source = 0;
    for (let d = 0; d < outShape.length; d++) {
      const coordinate = Math.floor(rest / (outStrides[d] ?? 1));
      rest -= coordinate * (outStrides[d] ?? 1);
      const inDim = d - offset;
      if (inDim >= 0 && (shape[inDim] ?? 1) !== 1) source += coordinate * (inStrides[inDim] ?? 0);
    }
    index[flat] = source;
  }
  return index;
}

/** "2x3" as PyTorch writes matrix shapes in matmul errors. */
export function shapeX(shape: readonly number[]): string {
  return shape.join('x');
}

/** "(32, 3, 224, 224)" as Python writes a tuple of sizes. */
export function shapeTuple(shape: readonly number[]): string {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
}
