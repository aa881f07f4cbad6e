/**
 * The batched matmul kernel's record, whose runs are given their operands (the PyTorch
 * console's small CUDA tensors) and checked against the CPU reference.
 */
import { createOperandJob, operandKernelParts } from '../../jobs/operand-job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { defineKernel } from '../../kernel-module';
import batchedMatmulWgsl from './batched-matmul.wgsl?raw';
import {
  BATCHED_MATMUL_WORKGROUP_SIZE,
  batchedMatmulAt,
  batchedMatmulCpu,
  batchedMatmulPlan,
  batchedMatmulTolerance,
  type BatchedMatmulDims,
} from './batched-matmul';

/** What a run is given: `batch` products a[p] @ b[p], row-major, packed one after another. */
export interface BatchedOperands {
  a: Float32Array<ArrayBuffer>;
  b: Float32Array<ArrayBuffer>;
  dims: BatchedMatmulDims;
}

/** A job computing the products on the device. */
function createBatchedMatmulJob(
  context: JobContext,
  { a, b, dims }: BatchedOperands,
): Promise<KernelJob> {
  const plan = batchedMatmulPlan(dims);
  const { batch, m, k, n } = dims;
  if (a.length !== batch * m * k || b.length !== batch * k * n) {
    throw new RangeError('operand sizes do not match the matmul dimensions');
  }
  return createOperandJob(context, {
    kernel: batchedMatmulKernel,
    entryPoint: 'batched_matmul',
    constants: { WORKGROUP_SIZE: BATCHED_MATMUL_WORKGROUP_SIZE },
    plan,
    params: new Uint32Array([batch, m, k, n]),
    a,
    b,
    outputs: batch * m * n,
    expectedAt: (i) => {
      const reference = batchedMatmulAt(a, b, dims, i);
      return { value: reference.value, tolerance: batchedMatmulTolerance(k, reference.absSum) };
    },
  });
}

/** `batch` matrix products, one invocation per output element. */
export const batchedMatmulKernel = defineKernel({
  name: 'batched-matmul',
  label: 'batched matmul',
  summary: 'Small batches of matrix products, one invocation per output element.',
  wgsl: batchedMatmulWgsl,
  ...operandKernelParts('batched_matmul', BATCHED_MATMUL_WORKGROUP_SIZE),
  plan: (size: BatchedOperands) => batchedMatmulPlan(size.dims),
  reference: batchedMatmulCpu,
  job: createBatchedMatmulJob,
});
