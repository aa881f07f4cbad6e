/**
 * Where the arithmetic of small CUDA tensors runs. The console always computes on the CPU
 * (float64, then rounded to the dtype); when a `TensorCompute` backend is given (WebGPU in the
 * browser), float CUDA tensors are computed there too, timed, and checked against the CPU result.
 */

/** Elementwise operations a backend runs. */
export type ElementwiseOp = 'add' | 'sub' | 'mul' | 'div' | 'pow';

/** What a backend computed, and how long one launch of its kernel took there. */
export interface ComputeRun {
  values: Float32Array;
  /** Median seconds of one kernel launch on the backend's device, or null when not timed. */
  secondsPerLaunch: number | null;
  /** How the launch was timed: GPU timestamps or completion on the page's clock. */
  timing: 'timestamp-query' | 'completion' | null;
}

/** A compute backend for float32 arithmetic on a real device. */
export interface TensorCompute {
  /** Who computes, for the interface ("WebGPU on SwiftShader (software)"). */
  readonly description: string;
  /** `a op b` elementwise; both arrays already have the output's length. */
  elementwise(op: ElementwiseOp, a: Float32Array, b: Float32Array): Promise<ComputeRun>;
  /** `batch` products of an m x k by a k x n matrix, row-major, laid out one after another. */
  matmul(
    a: Float32Array,
    b: Float32Array,
    dims: { batch: number; m: number; k: number; n: number },
  ): Promise<ComputeRun>;
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

/** Two runs one after the other (a layer's matmul, then its bias add) as one. */
export function chainRuns(first: ComputeRun, second: ComputeRun): ComputeRun {
  const timed = first.secondsPerLaunch !== null && second.secondsPerLaunch !== null;
  return {
    values: second.values,
    secondsPerLaunch: timed
      ? (first.secondsPerLaunch as number) + (second.secondsPerLaunch as number)
      : null,
    timing:
      first.timing === 'timestamp-query' && second.timing === 'timestamp-query'
        ? 'timestamp-query'
        : timed
          ? 'completion'
          : null,
  };
}
