/**
 * The CUDA kernels a console line launches, as PyTorch would on the simulated GPU: each gets the
 * cost engine's modeled time on that GPU, and, when the values were also computed on the
 * learner's own device through WebGPU, the time one launch took there (measured). The console
 * shows both side by side, labelled, like every other widget.
 */
import {
  matmulDescriptor,
  predictKernel,
  type KernelBound,
  type KernelDescriptor,
  type Precision,
} from '../engine/models';
import type { ComputeRun } from './compute';
import type { DTypeName } from './dtype';
import { DTYPES } from './dtype';

/** The engine's prediction of a launch, or why there is none. */
export type ModeledLaunch =
  { seconds: number; bound: KernelBound; gpuName: string } | { seconds: null; reason: string };

/** One kernel a line launched on the simulated CUDA device. */
export interface KernelLaunch {
  id: number;
  /** The operation, as PyTorch names its kernel family ("add", "mm", "addmm"). */
  op: string;
  /** Elements of the output. */
  outputElements: number;
  dtype: DTypeName;
  modeled: ModeledLaunch;
  /** One launch on the learner's device, when the values were computed there. */
  measured: { seconds: number; timing: 'timestamp-query' | 'completion' } | null;
}

/** The engine precision a dtype runs at, or null for float64 (the catalog has no fp64 rates). */
export function precisionOf(dtype: DTypeName): Precision | null {
  switch (dtype) {
    case 'float64':
      return null;
    case 'float16':
      return 'fp16';
    case 'bfloat16':
      return 'bf16';
    default:
      // float32, and integer and bool kernels, which run on the same 32-bit lanes.
      return 'fp32';
  }
}

/** An elementwise kernel reading `inputBytes` and writing `outputElements` of `dtype`. */
export function elementwiseLaunchDescriptor(
  op: string,
  inputBytes: number,
  outputElements: number,
  precision: Precision,
  dtype: DTypeName,
): KernelDescriptor {
  const bytesWritten = outputElements * DTYPES[dtype].bytesPerElement;
  return {
    name: `${op} ${outputElements} x ${dtype}`,
    kind: 'elementwise',
    precision,
    bytesRead: inputBytes,
    bytesWritten,
    flops: outputElements,
    footprintBytes: inputBytes + bytesWritten,
  };
}

/** `batch` matrix products m x k by k x n, as the engine's matmul scaled by the batch. */
export function batchedMatmulLaunchDescriptor(
  dims: { batch: number; m: number; k: number; n: number },
  precision: Precision,
): KernelDescriptor {
  const one = matmulDescriptor(dims.m, dims.n, dims.k, precision);
  const scale = dims.batch;
  return {
    ...one,
    name: `bmm ${dims.batch} x ${dims.m}x${dims.k}x${dims.n} ${precision}`,
    bytesRead: one.bytesRead * scale,
    bytesWritten: one.bytesWritten * scale,
    flops: one.flops * scale,
    ...(one.blocks !== undefined ? { blocks: one.blocks * scale } : {}),
    ...(one.footprintBytes !== undefined ? { footprintBytes: one.footprintBytes * scale } : {}),
  };
}

/** The engine's time for `descriptor` on `gpu`, or the reason there is none. */
export function modelLaunch(
  gpu: { id: string; name: string },
  descriptor: KernelDescriptor | null,
  dtype: DTypeName,
): ModeledLaunch {
  if (!descriptor) {
    return { seconds: null, reason: `the catalog has no ${dtype} rates for this GPU` };
  }
  try {
    const prediction = predictKernel(gpu.id, descriptor);
    return { seconds: prediction.seconds, bound: prediction.bound, gpuName: gpu.name };
  } catch (error) {
    return { seconds: null, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The measured part of a launch from a backend's run. */
export function measuredFrom(run: ComputeRun): KernelLaunch['measured'] {
  return run.secondsPerLaunch !== null && run.timing !== null
    ? { seconds: run.secondsPerLaunch, timing: run.timing }
    : null;
}

/** Bytes of `elements` values of `dtype`. */
export function bytesOf(elements: number, dtype: DTypeName): number {
  return elements * DTYPES[dtype].bytesPerElement;
}
