/**
 * Measures a job on a real device, the one way every kernel is measured: build it (pipeline,
 * buffers, inputs), let earlier work drain, time it with the harness (warm-up, batches grown to
 * at least 10 ms, median and spread; GPU timestamps when the device has them, else completion on
 * the injected clock), then read the output back and check it against the CPU reference. Nothing
 * is reported without that check. Buffers and the timer are freed whatever happens. A job knows
 * nothing of which kernel it runs: kernels build their own (kernels/), and measure/ names them.
 */
import { readF32, type BufferSet } from '../buffers';
import type { GpuContext } from '../device';
import { scoped } from '../error-scopes';
import type { JobContext, KernelJob } from './kernel-job';
import type { KernelPlan } from '../kernel-plan';
import { performanceClock, type Clock } from '../../compute/timing/clock';
import { withBatchTimer, type GpuBatchTimer } from '../timing/gpu-batch-timer';
import { withRun } from '../with-run';
import { measureRuns, type MeasureOptions, type Measurement } from '../../compute/timing/harness';
import type { F32Check } from '../../compute/verify-f32';

/** Builds a job on a device. */
export type BuildJob<Detail = undefined> = (context: JobContext) => Promise<KernelJob<Detail>>;

/** Where a measured run is, for a progress bar and its words. */
export interface JobProgress {
  /**
   * prepare: compiling the pipeline and uploading inputs; wait: letting work queued earlier on
   * the device drain; then the harness's phases; verify: reading back and checking the output.
   */
  stage: 'prepare' | 'wait' | 'warm-up' | 'calibrate' | 'sample' | 'verify';
  /** Share of the run done, 0..1. */
  fraction: number;
  /** In the harness's phases: the batch starting (1-based) and the most the phase runs. */
  batch?: number;
  batches?: number;
  /** In the harness's phases: runs in the batch. */
  repeats?: number;
}

/** Timing options a caller may tune (the harness's, less progress and cancellation). */
export type JobMeasureOptions = Omit<MeasureOptions, 'onProgress' | 'signal'>;

/** How a job is laid out: a narrower grid than the device allows (tests reach 2-D grids so). */
export interface LayoutOptions {
  maxWorkgroupsPerDimension?: number;
}

/** Options of `measureJob`. */
export interface MeasureJobOptions extends LayoutOptions {
  /** Aborting rejects with the signal's reason between batches. */
  signal?: AbortSignal;
  onProgress?(progress: JobProgress): void;
  measure?: JobMeasureOptions;
  /** The clock completion timing reads (tests inject one). */
  clock?: Clock;
}

/** A measured, checked run of a job. */
export interface MeasuredJob<Detail = undefined> {
  plan: KernelPlan;
  measurement: Measurement;
  /** The output against the CPU reference. */
  check: F32Check;
  /** The output of the last run, as f32 values. */
  output: Float32Array;
  /** Bytes the descriptor moves (read + write) over the median time. */
  bytesPerSecond: number;
  /** FLOPs of the descriptor over the median time. */
  flopsPerSecond: number;
  /** What the job's check found beyond pass or fail (see KernelJob), for the jobs that say. */
  detail: Detail;
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

/** Times `job` with the harness, recording `repeats` runs into one timed compute pass. */
export function timeJob(
  job: KernelJob<unknown>,
  timer: GpuBatchTimer,
  options: MeasureOptions,
): Promise<Measurement> {
  return measureRuns(
    (repeats) =>
      timer.time(`run the ${job.label} kernel ${repeats} time(s)`, (encoder, timestampWrites) => {
        const pass = encoder.beginComputePass(timestampWrites ? { timestampWrites } : {});
        for (let r = 0; r < repeats; r++) job.record(pass);
        pass.end();
      }),
    options,
  );
}

/**
 * What a job is built with in a run on `gpu`: its device and adapter, the run's buffers, and
 * the device's grid limit (narrowed by the options).
 */
export function jobContextFor(
  gpu: GpuContext,
  buffers: BufferSet,
  options: LayoutOptions = {},
): JobContext {
  const maxWorkgroupsPerDimension = Math.min(
    gpu.device.limits.maxComputeWorkgroupsPerDimension,
    options.maxWorkgroupsPerDimension ?? Number.POSITIVE_INFINITY,
  );
  return {
    device: gpu.device,
    adapter: gpu.adapter,
    buffers,
    layout: { maxWorkgroupsPerDimension },
  };
}

/** Builds, measures and checks a job; see the file comment. */
export function measureJob<Detail = undefined>(
  gpu: GpuContext,
  build: BuildJob<Detail>,
  options: MeasureJobOptions = {},
): Promise<MeasuredJob<Detail>> {
  const { device } = gpu;
  const report = (stage: JobProgress['stage'], fraction: number): void =>
    options.onProgress?.({ stage, fraction });
  return withRun(gpu, options.signal, async (guard, buffers) => {
    report('prepare', 0);
    const job = await guard.wait(build(jobContextFor(gpu, buffers, options)));
    report('wait', 0.04);
    await guard.wait(device.queue.onSubmittedWorkDone());
    const clock = options.clock ?? performanceClock;
    const measurement = await withBatchTimer(device, guard.wait, clock, (timer) =>
      timeJob(job, timer, {
        clock,
        ...options.measure,
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: ({ phase, fraction, batch, batches, repeats }) =>
          options.onProgress?.({
            stage: phase,
            fraction: 0.05 + 0.85 * fraction,
            batch,
            batches,
            repeats,
          }),
      }),
    );
    report('verify', 0.9);
    const output = await readF32(device, guard.wait, job.output, job.outputBytes);
    const check = job.verify(output);
    report('verify', 1);
    return {
      plan: job.plan,
      measurement,
      check,
      output,
      ...ratesOf(job.plan, measurement),
      detail: detailOf(job),
    };
  });
}

/** What a job found beyond its check, read after `verify` (undefined for jobs that say none). */
function detailOf<Detail>(job: KernelJob<Detail>): Detail {
  // A job of Detail = undefined has no `detail`: undefined is then its detail.
  return job.detail?.() as Detail;
}

/** A job run once, untimed, and checked. */
export interface CheckedRun<Detail = undefined> {
  plan: KernelPlan;
  check: F32Check;
  output: Float32Array;
  detail: Detail;
}

/** Runs a job once, untimed, and checks its output: the kernels' correctness tests use it. */
export function runJobOnce<Detail = undefined>(
  gpu: GpuContext,
  build: BuildJob<Detail>,
  options: LayoutOptions = {},
): Promise<CheckedRun<Detail>> {
  const { device } = gpu;
  return withRun(gpu, undefined, async (guard, buffers) => {
    const job = await guard.wait(build(jobContextFor(gpu, buffers, options)));
    const { error } = scoped(device, `run the ${job.label} kernel`, () => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      job.record(pass);
      pass.end();
      device.queue.submit([encoder.finish()]);
    });
    const problem = await guard.wait(error);
    if (problem) throw problem;
    const output = await readF32(device, guard.wait, job.output, job.outputBytes);
    const check = job.verify(output);
    return { plan: job.plan, check, output, detail: detailOf(job) };
  });
}
