/**
 * The PyTorch console's arithmetic on a real device: `a op b` and batched matrix products of
 * small float32 tensors, each built as a job from its kernel's record, timed briefly by the
 * harness (a launch of a tiny kernel takes microseconds, so a few short batches suffice), read
 * back and checked against the kernel's CPU reference like every other measured kernel.
 */
import type { GpuContext } from './device';
import { createBatchedMatmulJob } from './kernels/batched-matmul';
import type { BatchedMatmulDims } from './kernels/batched-matmul/batched-matmul';
import { createBinaryElementwiseJob } from './kernels/binary-elementwise';
import type { BinaryOp } from './kernels/binary-elementwise/binary-elementwise';
import { measureJob, type MeasuredJob, type MeasureJobOptions } from './measure';

/** Brief timing: one warm-up, batches of 2 ms, at most three of them. */
export const TENSOR_MEASURE_OPTIONS = {
  warmupBatches: 1,
  samples: 3,
  minSamples: 1,
  minBatchSeconds: 0.002,
  budgetSeconds: 0.05,
} as const;

/** Options of a tensor run: the measurement's, less the stream layout it does not use. */
export type TensorRunOptions = Omit<MeasureJobOptions, 'vec4sPerInvocation'>;

/** Computes `a op b` on the device; both arrays have the output's length, at least 1. */
export function runBinaryElementwiseOnGpu(
  gpu: GpuContext,
  op: BinaryOp,
  a: Float32Array<ArrayBuffer>,
  b: Float32Array<ArrayBuffer>,
  options: TensorRunOptions = {},
): Promise<MeasuredJob> {
  return measureJob(gpu, (context) => createBinaryElementwiseJob(context, op, a, b), {
    measure: TENSOR_MEASURE_OPTIONS,
    ...options,
  });
}

/** Computes `batch` products a[p] @ b[p] on the device (row-major, packed one after another). */
export function runBatchedMatmulOnGpu(
  gpu: GpuContext,
  a: Float32Array<ArrayBuffer>,
  b: Float32Array<ArrayBuffer>,
  dims: BatchedMatmulDims,
  options: TensorRunOptions = {},
): Promise<MeasuredJob> {
  return measureJob(gpu, (context) => createBatchedMatmulJob(context, a, b, dims), {
    measure: TENSOR_MEASURE_OPTIONS,
    ...options,
  });
}
