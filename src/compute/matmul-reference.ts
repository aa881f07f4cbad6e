/**
 * Shapes, CPU reference and error bound shared by the two matmul kernels: C = A·B with A m×k,
 * B k×n and C m×n, all f32 and row-major.
 */
import { gammaF32 } from './verify-f32';
import { requireInteger } from './require-integer';

/** The sizes of a matrix product. */
export interface MatmulShape {
  /** Rows of A and C. */
  m: number;
  /** Columns of B and C. */
  n: number;
  /** Columns of A, rows of B: the length of every dot product. */
  k: number;
}

/** Throws a RangeError unless m, n and k are integers >= 1. */
export function validateMatmulShape(shape: MatmulShape): void {
  requireInteger('m', shape.m, 1);
  requireInteger('n', shape.n, 1);
  requireInteger('k', shape.k, 1);
}

/** Element counts of A, B and C. */
export function matmulElements(shape: MatmulShape): { a: number; b: number; c: number } {
  return { a: shape.m * shape.k, b: shape.k * shape.n, c: shape.m * shape.n };
}

/** C[row][col] in f64 and Σ|A[row][i]·B[i][col]|, which scales the error bound. */
export function matmulCpuAt(
  a: Float32Array,
  b: Float32Array,
  shape: MatmulShape,
  row: number,
  col: number,
): { value: number; absSum: number } {
  let value = 0;
  let absSum = 0;
  const rowStart = row * shape.k;
  for (let i = 0; i < shape.k; i++) {
    const product = (a[rowStart + i] as number) * (b[i * shape.n + col] as number);
    value += product;
    absSum += Math.abs(product);
  }
  return { value, absSum };
}

/** The whole product C = A·B, computed in f64 and stored as f32 (for tests of small shapes). */
export function matmulCpu(a: Float32Array, b: Float32Array, shape: MatmulShape): Float32Array {
  validateMatmulShape(shape);
  const c = new Float32Array(shape.m * shape.n);
  for (let row = 0; row < shape.m; row++) {
    for (let col = 0; col < shape.n; col++) {
      c[row * shape.n + col] = matmulCpuAt(a, b, shape, row, col).value;
    }
  }
  return c;
}

/**
 * Largest error allowed in one GPU element: gamma_(k+1) · Σ|a·b|. Each of the k products is
 * rounded once and passes through at most k additions in f32, whether the kernel adds in order
 * or tile by tile, and whether or not the compiler fuses the multiply into the add (Higham's
 * bound for dot products). With the lab's inputs every product and partial sum is a multiple of
 * 1/256 well inside f32's 24 bits, so real errors are usually zero.
 */
export function matmulTolerance(k: number, absSum: number): number {
  return gammaF32(k + 1) * absSum;
}

/** FLOPs of C = A·B: two per multiply-add, m·n·k multiply-adds. */
export function matmulFlops(shape: MatmulShape): number {
  return 2 * shape.m * shape.n * shape.k;
}

/**
 * Shapes both matmul kernels are tested on: 1 x 1 x 1, vectors, non-square shapes, sizes off the
 * 16-wide tile by one either way, primes, and a k that spans many tiles.
 */
export const MATMUL_SHAPES_UNDER_TEST: readonly MatmulShape[] = [
  { m: 1, n: 1, k: 1 },
  { m: 1, n: 37, k: 5 },
  { m: 29, n: 1, k: 3 },
  { m: 3, n: 5, k: 7 },
  { m: 15, n: 17, k: 16 },
  { m: 16, n: 16, k: 17 },
  { m: 33, n: 47, k: 31 },
  { m: 64, n: 48, k: 80 },
  { m: 127, n: 65, k: 250 },
];
