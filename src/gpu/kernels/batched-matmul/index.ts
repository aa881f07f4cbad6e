/**
 * The batched matmul kernel's record, and its job over operands the caller gives (the PyTorch
 * console's small CUDA tensors), checked against the CPU reference.
 */
import { inputUsage, outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, dispatch, type JobContext, type KernelJob } from '../../jobs/job';
import { defineKernel } from '../../kernel-module';
import { getPipeline } from '../../pipelines';
import { allIndices, checkElements } from '../../verify-f32';
import batchedMatmulWgsl from './batched-matmul.wgsl?raw';
import {
  BATCHED_MATMUL_WORKGROUP_SIZE,
  batchedMatmulAt,
  batchedMatmulCpu,
  batchedMatmulPlan,
  batchedMatmulTolerance,
  type BatchedMatmulDims,
} from './batched-matmul';

/** A job computing `batch` products a[p] @ b[p] on the device. */
export async function createBatchedMatmulJob(
  context: JobContext,
  a: Float32Array<ArrayBuffer>,
  b: Float32Array<ArrayBuffer>,
  dims: BatchedMatmulDims,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const plan = batchedMatmulPlan(dims);
  const { batch, m, k, n } = dims;
  if (a.length !== batch * m * k || b.length !== batch * k * n) {
    throw new RangeError('operand sizes do not match the matmul dimensions');
  }
  const kernel = batchedMatmulKernel;
  const entryPoint = 'batched_matmul';
  const pipeline = await getPipeline(device, {
    kernel,
    entryPoint,
    constants: { WORKGROUP_SIZE: BATCHED_MATMUL_WORKGROUP_SIZE },
  });
  const outputs = batch * m * n;
  return withErrorScopes(device, 'allocate the matmul buffers', () => {
    const params = buffers.upload('bmm params', new Uint32Array([batch, m, k, n]), uniformUsage());
    const aBuffer = buffers.upload('bmm a', a, inputUsage());
    const bBuffer = buffers.upload('bmm b', b, inputUsage());
    const result = buffers.create('bmm result', outputs * 4, outputUsage());
    const group = bindBuffers(device, pipeline, kernel, entryPoint, {
      params,
      a: aBuffer,
      b: bBuffer,
      result,
    });
    const grid = plan.dispatches[0] ?? [1, 1, 1];
    return {
      label: kernel.label,
      plan,
      record: (pass) => dispatch(pass, pipeline, group, grid),
      output: result,
      outputBytes: outputs * 4,
      verify(actual) {
        const bounds = new Map<number, number>();
        const at = (i: number): number => {
          const reference = batchedMatmulAt(a, b, dims, i);
          bounds.set(i, batchedMatmulTolerance(k, reference.absSum));
          return reference.value;
        };
        return checkElements(allIndices(outputs), outputs, at, actual, (i) => bounds.get(i) ?? 0);
      },
    };
  });
}

/** `batch` matrix products, one invocation per output element. */
export const batchedMatmulKernel = defineKernel({
  name: 'batched-matmul',
  label: 'batched matmul',
  summary: 'Small batches of matrix products, one invocation per output element.',
  source: batchedMatmulWgsl,
  entryPoints: { batched_matmul: { bindings: [0, 1, 2, 3], overrides: ['WORKGROUP_SIZE'] } },
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'a', kind: 'read-only-storage' },
    { binding: 2, name: 'b', kind: 'read-only-storage' },
    { binding: 3, name: 'result', kind: 'storage' },
  ],
  sharedConstants: { WORKGROUP_SIZE: BATCHED_MATMUL_WORKGROUP_SIZE },
  plan: (dims: BatchedMatmulDims) => batchedMatmulPlan(dims),
  reference: batchedMatmulCpu,
});
