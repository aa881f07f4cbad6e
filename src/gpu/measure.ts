/**
 * Measures a job on a real device the one way every widget does: build it (pipeline, buffers,
 * inputs), let earlier work drain, time it with the harness (warm-up, batches grown to at least
 * 10 ms, median and spread; GPU timestamps when the device has them, else completion on the
 * injected clock), then read the output back and check it against the CPU reference. Nothing is
 * reported without that check. Buffers and the timer are freed whatever happens.
 */
import { readF32, type BufferSet } from './buffers';
import type { GpuContext } from './device';
import { scoped } from './error-scopes';
import type { JobContext, JobLayout, KernelJob } from './jobs/kernel-job';
import type { KernelPlan } from './kernel-plan';
import { streamVec4sPerInvocation } from './kernels/copy/copy';
import type { MatmulTile } from './kernels/matmul-tuned/matmul-tuned';
import { MATMUL_TUNING } from './kernels/matmul-tuned/tuning';
import { performanceClock, type Clock } from '../compute/timing/clock';
import { withBatchTimer, type GpuBatchTimer } from './timing/gpu-batch-timer';
import { withRun } from './with-run';
import { measureRuns, type MeasureOptions, type Measurement } from '../compute/timing/harness';
import type { F32Check } from '../compute/verify-f32';

/** Builds a job on a device. */
export type BuildJob = (context: JobContext) => Promise<KernelJob>;

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

/** Options of `measureJob` and `runJobOnce`. */
export interface MeasureJobOptions {
  /** Aborting rejects with the signal's reason between batches. */
  signal?: AbortSignal;
  onProgress?(progress: JobProgress): void;
  measure?: JobMeasureOptions;
  /** The clock completion timing reads (tests inject one). */
  clock?: Clock;
  /** vec4s per invocation of copy and ReLU; by default 1 on a GPU, 16 on a software adapter. */
  vec4sPerInvocation?: number;
  /** A narrower grid than the device allows (tests use it to reach 2-D grids cheaply). */
  maxWorkgroupsPerDimension?: number;
  /** The tuned matmul's tile; by default the one its sweep chose for this adapter. */
  matmulTile?: MatmulTile;
}

/** A measured, checked run of a job. */
export interface MeasuredJob {
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
}

/** Options that shape a job's layout. */
export type LayoutOptions = Pick<
  MeasureJobOptions,
  'vec4sPerInvocation' | 'maxWorkgroupsPerDimension' | 'matmulTile'
>;

/** The layout jobs use on `gpu`: its limits, narrowed by the options. */
export function jobLayoutFor(gpu: GpuContext, options: LayoutOptions = {}): JobLayout {
  return {
    maxWorkgroupsPerDimension: Math.min(
      gpu.device.limits.maxComputeWorkgroupsPerDimension,
      options.maxWorkgroupsPerDimension ?? Number.POSITIVE_INFINITY,
    ),
    vec4sPerInvocation:
      options.vec4sPerInvocation ?? streamVec4sPerInvocation(gpu.adapter.isFallback),
    matmulTile: options.matmulTile ?? MATMUL_TUNING.tileFor(gpu.adapter),
  };
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
  job: KernelJob,
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

/** What a job is built with in a run on `gpu`: its device, the run's buffers, the layout. */
export function jobContextFor(
  gpu: GpuContext,
  buffers: BufferSet,
  options: LayoutOptions = {},
): JobContext {
  return { device: gpu.device, buffers, layout: jobLayoutFor(gpu, options) };
}

/** Builds, measures and checks a job; see the file comment. */
export function measureJob(
  gpu: GpuContext,
  build: BuildJob,
  options: MeasureJobOptions = {},
): Promise<MeasuredJob> {
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
    return { plan: job.plan, measurement, check, output, ...ratesOf(job.plan, measurement) };
  });
}

/** Runs a job once, untimed, and checks its output: the kernels' correctness tests use it. */
export function runJobOnce(
  gpu: GpuContext,
  build: BuildJob,
  options: LayoutOptions = {},
): Promise<{ plan: KernelPlan; check: F32Check; output: Float32Array }> {
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
    return { plan: job.plan, check: job.verify(output), output };
  });
}
