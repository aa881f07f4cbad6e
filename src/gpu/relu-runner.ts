/**
 * The SM explorer's measurement: ReLU with one element per thread (`relu_f32`) in blocks of the
 * learner's chosen size, measured like every job (measure.ts) and checked against the CPU
 * reference. The workgroup size is lowered to what the device allows, and the result says so.
 */
import type { GpuContext } from './device';
import { createReluScalarJob } from './kernels/relu';
import { allowedWorkgroupSize, checkReluScalarFits } from './kernels/relu/relu';
import { measureJob, type MeasuredJob, type MeasureJobOptions } from './measure';

/** A measured ReLU launch, and the workgroup size it really used. */
export interface ReluMeasurement extends MeasuredJob {
  /** The wanted workgroup size, capped by the device's limits. */
  workgroupSize: number;
}

/** Quick timing for the explorer: a few batches, done in well under a second on a real GPU. */
export const EXPLORER_MEASURE_OPTIONS = {
  samples: 5,
  minSamples: 3,
  budgetSeconds: 1,
} as const;

/**
 * Measures ReLU over `elements` values in workgroups of `workgroupSize` on the device. Throws
 * a RangeError when the array does not fit one buffer, an Error when WebGPU reports a problem or
 * the device is lost, and the signal's reason when aborted.
 */
export async function measureReluOnGpu(
  gpu: GpuContext,
  elements: number,
  workgroupSize: number,
  options: Omit<MeasureJobOptions, 'vec4sPerInvocation'> = {},
): Promise<ReluMeasurement> {
  const limits = gpu.device.limits;
  checkReluScalarFits(elements, limits);
  const size = allowedWorkgroupSize(workgroupSize, limits);
  const run = await measureJob(gpu, (context) => createReluScalarJob(context, elements, size), {
    measure: EXPLORER_MEASURE_OPTIONS,
    ...options,
  });
  return { ...run, workgroupSize: size };
}
