/**
 * Measured against modeled: a lab result beside the cost engine's prediction of the same
 * descriptor on a catalog GPU. Pure: the prediction function is passed in.
 */
import type { KernelBound, KernelDescriptor } from '../../engine/models';
import type { LabKernelId, LabSize } from '../../gpu';
import type { TimingMethod } from '../../compute/timing/harness';

/** One measured kernel, as the lab keeps it. */
export interface MeasuredKernel {
  kernel: LabKernelId;
  size: LabSize;
  descriptor: KernelDescriptor;
  medianSeconds: number;
  relativeSpread: number;
  samples: number;
  repeatsPerBatch: number;
  method: TimingMethod;
  bytesPerSecond: number;
  flopsPerSecond: number;
  /** True when the output matched the CPU reference. */
  verified: boolean;
  /** One line on the check ("all 4,194,304 values match the CPU reference"). */
  checkText: string;
}

/** What the cost engine predicts for a descriptor on one GPU. */
export interface ModeledKernel {
  seconds: number;
  bound: KernelBound;
  launchSeconds: number;
  /** The GPU's achievable memory bandwidth the model uses. */
  roofBytesPerSecond: number;
  /** The achievable arithmetic rate the model uses for this kind of kernel. */
  roofFlopsPerSecond: number;
}

/** Predicts a descriptor on a catalog GPU; throws when the engine refuses (too big, say). */
export type PredictFn = (gpuId: string, descriptor: KernelDescriptor) => ModeledKernel;

/** A measured kernel beside its prediction. */
export interface Comparison {
  measured: MeasuredKernel;
  /** Null when the engine could not predict it; then `modelError` says why. */
  modeled: ModeledKernel | null;
  modelError: string | null;
  /** Descriptor bytes and FLOPs over the predicted time. */
  modeledBytesPerSecond: number | null;
  modeledFlopsPerSecond: number | null;
  /** Measured time over modeled time: 10 means the modeled GPU is ten times faster. */
  slowdown: number | null;
}

/** Puts a measurement beside the engine's prediction for the same descriptor. */
export function compare(measured: MeasuredKernel, gpuId: string, predict: PredictFn): Comparison {
  try {
    const modeled = predict(gpuId, measured.descriptor);
    const bytes = measured.descriptor.bytesRead + measured.descriptor.bytesWritten;
    return {
      measured,
      modeled,
      modelError: null,
      modeledBytesPerSecond: bytes / modeled.seconds,
      modeledFlopsPerSecond: measured.descriptor.flops / modeled.seconds,
      slowdown: measured.medianSeconds / modeled.seconds,
    };
  } catch (error) {
    return {
      measured,
      modeled: null,
      modelError: error instanceof Error ? error.message : String(error),
      modeledBytesPerSecond: null,
      modeledFlopsPerSecond: null,
      slowdown: null,
    };
  }
}
