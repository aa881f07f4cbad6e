/**
 * Runs one lab kernel on a real WebGPU device and measures it: fit the size to the device, build
 * the job, time it with the harness (warm-up, batches of at least 10 ms, median and spread; GPU
 * timestamps when the device has them), then read the output back and check it against the CPU
 * reference. Nothing is reported without that check. Buffers are freed whatever happens.
 */
import type { GpuContext } from '../device';
import { scoped } from '../error-scopes';
import type { KernelPlan } from '../kernel-plan';
import { guardRun, type RunGuard } from '../run-guard';
import { createGpuBatchTimer, type GpuBatchTimer } from '../timing/gpu-batch-timer';
import { measureRuns, type MeasureOptions, type Measurement } from '../timing/harness';
import type { F32Check } from '../verify-f32';
import { createFmaJob } from './jobs/fma-job';
import { streamVec4sPerInvocation } from '../kernels/copy/copy';
import { BufferSet, type JobLayout, type LabJob } from './jobs/job';
import { createMatmulJob } from './jobs/matmul-job';
import { createReduceJob } from './jobs/reduce-job';
import { createStreamJob } from './jobs/stream-job';
import { countOf, LAB_KERNELS, shapeOf, type LabKernelId, type LabSize } from './lab-kernels';
import { readF32 } from './read-back';
import { fitSize } from './size-limits';

/** What to run. */
export interface LabRunRequest {
  kernel: LabKernelId;
  size: LabSize;
}

/** Where a run is, for a progress bar. */
export interface LabProgress {
  stage: 'prepare' | 'warm-up' | 'calibrate' | 'sample' | 'verify';
  /** Share of the run done, 0..1. */
  fraction: number;
}

/** Timing options a caller may tune (the harness's, less progress and cancellation). */
export type LabMeasureOptions = Omit<MeasureOptions, 'onProgress' | 'signal'>;

/** Options of a lab run. */
export interface LabRunOptions {
  /** Aborting rejects with the signal's reason between batches. */
  signal?: AbortSignal;
  onProgress?(progress: LabProgress): void;
  measure?: LabMeasureOptions;
  /** vec4s per invocation of copy and ReLU; by default 1 on a GPU, 16 on a software adapter. */
  vec4sPerInvocation?: number;
  /** A narrower grid than the device allows (tests use it to reach 2-D grids cheaply). */
  maxWorkgroupsPerDimension?: number;
}

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

/** Builds the job for a request on `device`. */
function createJob(
  gpu: GpuContext,
  buffers: BufferSet,
  kernel: LabKernelId,
  size: LabSize,
  options: Pick<LabRunOptions, 'vec4sPerInvocation' | 'maxWorkgroupsPerDimension'>,
): Promise<LabJob> {
  const { device } = gpu;
  const layout: JobLayout = {
    maxWorkgroupsPerDimension: Math.min(
      device.limits.maxComputeWorkgroupsPerDimension,
      options.maxWorkgroupsPerDimension ?? Number.POSITIVE_INFINITY,
    ),
    vec4sPerInvocation:
      options.vec4sPerInvocation ?? streamVec4sPerInvocation(gpu.adapter.isFallback),
  };
  switch (kernel) {
    case 'relu':
    case 'copy':
      return createStreamJob(device, buffers, layout, kernel, countOf(size));
    case 'reduce':
      return createReduceJob(device, buffers, layout, countOf(size));
    case 'matmul-naive':
    case 'matmul-tiled':
      return createMatmulJob(device, buffers, layout, kernel, shapeOf(size));
    case 'fma':
      return createFmaJob(device, buffers, layout, countOf(size));
  }
}

/** Times `job` with the harness, recording `repeats` runs into one timed compute pass. */
export function measureJob(
  job: LabJob,
  timer: GpuBatchTimer,
  label: string,
  options: MeasureOptions,
): Promise<Measurement> {
  return measureRuns(
    (repeats) =>
      timer.time(`run the ${label} kernel ${repeats} time(s)`, (encoder, timestampWrites) => {
        const pass = encoder.beginComputePass(timestampWrites ? { timestampWrites } : {});
        for (let r = 0; r < repeats; r++) job.record(pass);
        pass.end();
      }),
    options,
  );
}

/** Rates of a measured plan: descriptor bytes and FLOPs over the median time. */
export function ratesOf(
  plan: KernelPlan,
  measurement: Pick<Measurement, 'medianSeconds'>,
): { bytesPerSecond: number; flopsPerSecond: number } {
  const seconds = measurement.medianSeconds;
  if (!(seconds > 0)) return { bytesPerSecond: 0, flopsPerSecond: 0 };
  const bytes = plan.descriptor.bytesRead + plan.descriptor.bytesWritten;
  return { bytesPerSecond: bytes / seconds, flopsPerSecond: plan.descriptor.flops / seconds };
}

/** Runs, measures and checks one lab kernel; see the file comment. */
export async function runLabKernel(
  gpu: GpuContext,
  request: LabRunRequest,
  options: LabRunOptions = {},
): Promise<LabRunResult> {
  const { device } = gpu;
  const report = (stage: LabProgress['stage'], fraction: number): void =>
    options.onProgress?.({ stage, fraction });
  const guard: RunGuard = guardRun(gpu, options.signal);
  const buffers = new BufferSet(device);
  let timer: GpuBatchTimer | undefined;
  try {
    guard.check();
    report('prepare', 0);
    const fit = fitSize(request.kernel, request.size, device.limits);
    const job = await guard.wait(createJob(gpu, buffers, request.kernel, fit.size, options));
    await guard.wait(device.queue.onSubmittedWorkDone());
    timer = createGpuBatchTimer(device, guard.wait);
    const label = LAB_KERNELS[request.kernel].label;
    const measurement = await measureJob(job, timer, label, {
      ...options.measure,
      ...(options.signal ? { signal: options.signal } : {}),
      onProgress: (p) => report(p.phase, 0.05 + 0.85 * p.fraction),
    });
    report('verify', 0.9);
    const result = await readF32(device, guard.wait, job.output, job.outputBytes);
    const check = job.verify(result);
    report('verify', 1);
    return {
      kernel: request.kernel,
      size: fit.size,
      sizeNote: fit.message,
      plan: job.plan,
      measurement,
      check,
      ...ratesOf(job.plan, measurement),
    };
  } finally {
    guard.dispose();
    timer?.destroy();
    buffers.destroyAll();
  }
}

/** Runs a kernel once, untimed, and checks its output: the kernels' correctness tests use it. */
export async function runLabKernelOnce(
  gpu: GpuContext,
  request: LabRunRequest,
  options: Pick<LabRunOptions, 'vec4sPerInvocation' | 'maxWorkgroupsPerDimension'> = {},
): Promise<{ size: LabSize; plan: KernelPlan; check: F32Check; output: Float32Array }> {
  const { device } = gpu;
  const guard = guardRun(gpu);
  const buffers = new BufferSet(device);
  try {
    const fit = fitSize(request.kernel, request.size, device.limits);
    const job = await guard.wait(createJob(gpu, buffers, request.kernel, fit.size, options));
    const { error } = scoped(device, `run the ${request.kernel} kernel`, () => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      job.record(pass);
      pass.end();
      device.queue.submit([encoder.finish()]);
    });
    const problem = await guard.wait(error);
    if (problem) throw problem;
    const output = await readF32(device, guard.wait, job.output, job.outputBytes);
    return { size: fit.size, plan: job.plan, check: job.verify(output), output };
  } finally {
    guard.dispose();
    buffers.destroyAll();
  }
}
