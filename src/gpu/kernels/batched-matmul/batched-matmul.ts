/**
 * The batched matrix product kernel (the PyTorch console's `@` on small CUDA tensors): its plan
 * (launch and work, shared with the cost engine) and its CPU reference. The WGSL twin is
 * batched-matmul.wgsl; this file imports no WGSL.
 */
import type { KernelDescriptor } from '../../../engine/models';
import type { KernelPlan } from '../../kernel-plan';
import { gammaF32 } from '../../../compute/verify-f32';
import { requireInteger } from '../../../compute/require-integer';

/** `batch` products of an m x k matrix by a k x n matrix, row-major, packed one after another. */
export interface BatchedMatmulDims {
  batch: number;
  m: number;
  k: number;
  n: number;
}

/** Invocations per workgroup (the `WORKGROUP_SIZE` override's default). */
export const BATCHED_MATMUL_WORKGROUP_SIZE = 64;

/** Most output elements one dispatch covers: a 1-D grid of at most 65,535 workgroups. */
export const BATCHED_MATMUL_MAX_OUTPUTS = 65_535 * BATCHED_MATMUL_WORKGROUP_SIZE;

/** Throws a RangeError unless every dimension is a whole number >= 1 and the output fits. */
export function validateBatchedDims(dims: BatchedMatmulDims): void {
  for (const name of ['batch', 'm', 'k', 'n'] as const) requireInteger(name, dims[name], 1);
  const outputs = dims.batch * dims.m * dims.n;
  if (outputs > BATCHED_MATMUL_MAX_OUTPUTS) {
    throw new RangeError(`at most ${BATCHED_MATMUL_MAX_OUTPUTS} outputs, got ${outputs}`);
  }
}

/** One invocation per output element: 2·batch·m·n·k FLOPs, A and B read once, C written once. */
export function batchedMatmulPlan(dims: BatchedMatmulDims): KernelPlan {
  validateBatchedDims(dims);
  const { batch, m, k, n } = dims;
  const outputs = batch * m * n;
  const blocks = Math.ceil(outputs / BATCHED_MATMUL_WORKGROUP_SIZE);
  const bytesRead = 4 * batch * (m * k + k * n);
  const descriptor: KernelDescriptor = {
    name: `batched matmul ${batch} x ${m}x${k} @ ${k}x${n} fp32`,
    kind: 'matmul',
    precision: 'fp32',
    bytesRead,
    bytesWritten: 4 * outputs,
    flops: 2 * outputs * k,
    threadsPerBlock: BATCHED_MATMUL_WORKGROUP_SIZE,
    blocks,
    footprintBytes: bytesRead + 4 * outputs,
  };
  return {
    descriptor,
    workgroupSize: [BATCHED_MATMUL_WORKGROUP_SIZE, 1, 1],
    dispatches: [[blocks, 1, 1]],
  };
}

/** Output element `index` in f64, and Σ|a·b| of its dot product (which scales the bound). */
export function batchedMatmulAt(
  a: Float32Array,
  b: Float32Array,
  dims: BatchedMatmulDims,
  index: number,
): { value: number; absSum: number } {
  const { m, k, n } = dims;
  const p = Math.floor(index / (m * n));
  const rest = index % (m * n);
  const row = Math.floor(rest / n);
  const col = rest % n;
  let value = 0;
  let absSum = 0;
  for (let q = 0; q < k; q++) {
    const product = (a[p * m * k + row * k + q] as number) * (b[p * k * n + q * n + col] as number);
    value += product;
    absSum += Math.abs(product);
  }
  return { value, absSum };
}

/** The CPU reference: every output, computed in f64 and stored as f32. */
export function batchedMatmulCpu(
  a: Float32Array,
  b: Float32Array,
  dims: BatchedMatmulDims,
): Float32Array {
  validateBatchedDims(dims);
  const outputs = dims.batch * dims.m * dims.n;
  return Float32Array.from({ length: outputs }, (_, i) => batchedMatmulAt(a, b, dims, i).value);
}

/** Largest error allowed in one output: gamma_(k+1) · Σ|a·b| (Higham's dot-product bound). */
export function batchedMatmulTolerance(k: number, absSum: number): number {
  return gammaF32(k + 1) * absSum;
}
