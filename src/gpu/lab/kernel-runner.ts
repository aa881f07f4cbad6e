/**
 * Runs one lab kernel on a real WebGPU device and measures it: fit the size to the device, build
 * the kernel's job from its registry record, and measure it like every job (measure.ts): the
 * harness times it, and the output is checked against the CPU reference before anything is
 * reported.
 */
import type { GpuContext } from '../device';
import type { KernelPlan } from '../kernel-plan';
import { labKernel } from '../kernels/registry';
import {
  measureJob,
  runJobOnce,
  type BuildJob,
  type JobMeasureOptions,
  type JobProgress,
  type LayoutOptions,
  type MeasureJobOptions,
} from '../measure';
import type { Measurement } from '../../compute/timing/harness';
import type { F32Check } from '../../compute/verify-f32';
import type { LabKernelId, LabSize } from './lab-kernels';
import { fitSize, type SizeFit } from './size-limits';

/** What to run. */
export interface LabRunRequest {
  kernel: LabKernelId;
  size: LabSize;
}

/** A request fitted to the device's limits, and how to build its job at the fitted size. */
export function fitLabRequest(
  gpu: GpuContext,
  request: LabRunRequest,
): { fit: SizeFit; build: BuildJob } {
  const fit = fitSize(request.kernel, request.size, gpu.device.limits);
  const { lab } = labKernel(request.kernel);
  return { fit, build: (context) => lab.createJob(context, fit.size) };
}

/** Where a run is, for a progress bar. */
export type LabProgress = JobProgress;

/** Timing options a caller may tune (the harness's, less progress and cancellation). */
export type LabMeasureOptions = JobMeasureOptions;

/** Options of a lab run. */
export type LabRunOptions = MeasureJobOptions;

/** A measured, checked run. */
export interface LabRunResult {
  kernel: LabKernelId;
  /** The size that ran (the request, reduced if it did not fit the device). */
  size: LabSize;
  /** Why the size was reduced, or null. */
  sizeNote: string | null;
  plan: KernelPlan;
  measurement: Measurement;
  /** The output against the CPU reference. */
  check: F32Check;
  /** Bytes the descriptor moves (read + write) over the median time. */
  bytesPerSecond: number;
  /** FLOPs of the descriptor over the median time. */
  flopsPerSecond: number;
}

/** Runs, measures and checks one lab kernel; see the file comment. */
export async function runLabKernel(
  gpu: GpuContext,
  request: LabRunRequest,
  options: LabRunOptions = {},
): Promise<LabRunResult> {
  const { fit, build } = fitLabRequest(gpu, request);
  const run = await measureJob(gpu, build, options);
  return {
    kernel: request.kernel,
    size: fit.size,
    sizeNote: fit.message,
    plan: run.plan,
    measurement: run.measurement,
    check: run.check,
    bytesPerSecond: run.bytesPerSecond,
    flopsPerSecond: run.flopsPerSecond,
  };
}

/** Runs a kernel once, untimed, and checks its output: the kernels' correctness tests use it. */
export async function runLabKernelOnce(
  gpu: GpuContext,
  request: LabRunRequest,
  options: LayoutOptions = {},
): Promise<{ size: LabSize; plan: KernelPlan; check: F32Check; output: Float32Array }> {
  const { fit, build } = fitLabRequest(gpu, request);
  const run = await runJobOnce(gpu, build, options);
  return { size: fit.size, ...run };
}
