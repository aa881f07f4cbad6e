/**
 * Where the arithmetic of small CUDA tensors runs. The console always computes on the CPU
 * (float64, then rounded to the dtype); when a `TensorCompute` backend is given (WebGPU in the
 * browser), float CUDA tensors are computed there too and checked against the CPU result.
 */

/** Elementwise operations a backend runs. */
export type ElementwiseOp = 'add' | 'sub' | 'mul' | 'div' | 'pow';

/** A compute backend for float32 arithmetic on a real device. */
export interface TensorCompute {
  /** Who computes, for the interface ("WebGPU on SwiftShader (software)"). */
  readonly description: string;
  /** `a op b` elementwise; both arrays already have the output's length. */
  elementwise(op: ElementwiseOp, a: Float32Array, b: Float32Array): Promise<Float32Array>;
  /** `batch` products of an m x k by a k x n matrix, row-major, laid out one after another. */
  matmul(
    a: Float32Array,
    b: Float32Array,
    dims: { batch: number; m: number; k: number; n: number },
  ): Promise<Float32Array>;
}

/**
 * Whether a backend's float32 result agrees with the float64 reference: within `relative` of
 * it (1e-4 suits float32 sums of a few thousand terms), plus the same absolute slack.
 */
export function withinTolerance(reference: number, computed: number, relative = 1e-4): boolean {
  if (Number.isNaN(reference)) return Number.isNaN(computed);
  if (!Number.isFinite(reference)) return reference === computed;
  return Math.abs(reference - computed) <= relative + relative * Math.abs(reference);
}
