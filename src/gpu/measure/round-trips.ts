/**
 * Round trips of a kernel: the whole trip a learner's data makes when the GPU does one operation
 * for the CPU: write the inputs into GPU buffers, run the kernel, copy the output into a mappable
 * buffer, map it and copy it out into JavaScript. Each run waits for its result before the next
 * starts, as a program that needs the answer would. The harness times batches of such runs on
 * the injected clock (timestamps cannot see the upload or the mapping), the last result is
 * checked against the kernel's CPU reference, and optionally the kernel alone is timed as every
 * job is. One of the ways measure-kernel.ts measures a named kernel.
 */
import type { GpuContext } from '../device';
import { scoped } from '../error-scopes';
import type { KernelJob } from '../jobs/kernel-job';
import { jobContextFor, timeJob } from '../jobs/measure-job';
import type { KernelPlan } from '../kernel-plan';
import type { KernelName, KernelSize } from '../kernels/registry';
import type { GuardedWait } from '../run-guard';
import { performanceClock, timeCompletion, type Clock } from '../../compute/timing/clock';
import { withBatchTimer } from '../timing/gpu-batch-timer';
import { measureRuns, type MeasureOptions, type Measurement } from '../../compute/timing/harness';
import type { F32Check } from '../../compute/verify-f32';
import { withRun } from '../with-run';
import type { KernelRun, PreparedKernel } from './prepare';

/** Options of round trips. */
export interface RoundTripOptions {
  /** Aborting rejects with the signal's reason between runs. */
  signal?: AbortSignal;
  /** Share of the measurement done, 0..1. */
  onProgress?(fraction: number): void;
  /** The clock round trips are timed on (tests inject one). */
  clock?: Clock;
  /** Harness options, for the round trips and the kernel alone (default: the harness's). */
  measure?: Omit<MeasureOptions, 'onProgress' | 'signal'>;
  /** Also time the kernel alone, with the data already on the GPU. */
  kernelAlone?: boolean;
}

/** A measured, checked round trip of a named kernel. */
export interface RoundTripMeasurement<
  K extends KernelName,
  Size extends KernelSize<K> = KernelSize<K>,
> extends KernelRun<K, Size> {
  plan: KernelPlan;
  /** Seconds per round trip: upload, kernel, copy to a staging buffer, map and read. */
  roundTrip: Measurement;
  /** Seconds per run of the kernel alone, when asked for. */
  kernelOnly: Measurement | null;
  /** The last round trip's output against the CPU reference. */
  check: F32Check;
  /** Bytes written to the GPU and read back per round trip. */
  uploadBytes: number;
  readbackBytes: number;
}

/** Runs one round trip of `job` and returns the bytes it read back. */
async function roundTrip(
  device: GPUDevice,
  wait: GuardedWait,
  job: KernelJob<unknown>,
  staging: GPUBuffer,
  checkErrors: boolean,
): Promise<ArrayBuffer> {
  const submitted = scoped(device, `run the ${job.label} round trip`, () => {
    for (const upload of job.uploads ?? []) {
      device.queue.writeBuffer(upload.buffer, 0, upload.data);
    }
    const encoder = device.createCommandEncoder({ label: 'round trip' });
    const pass = encoder.beginComputePass();
    job.record(pass);
    pass.end();
    encoder.copyBufferToBuffer(job.output, 0, staging, 0, staging.size);
    device.queue.submit([encoder.finish()]);
  });
  if (checkErrors) {
    const problem = await wait(submitted.error);
    if (problem) throw problem;
  } else {
    submitted.error.catch(() => undefined);
  }
  await wait(staging.mapAsync(GPUMapMode.READ));
  const bytes = staging.getMappedRange().slice(0, job.outputBytes);
  staging.unmap();
  return bytes;
}

/** Measures round trips of a prepared kernel; see the file comment. */
export async function timeRoundTrips<K extends KernelName, Size extends KernelSize<K>>(
  gpu: GpuContext,
  prepared: PreparedKernel<K, Size>,
  options: RoundTripOptions = {},
): Promise<RoundTripMeasurement<K, Size>> {
  const { device } = gpu;
  const clock = options.clock ?? performanceClock;
  const { build } = prepared;
  const report = (fraction: number): void => options.onProgress?.(Math.min(1, fraction));
  return withRun(gpu, options.signal, async (guard, buffers) => {
    const job = await guard.wait(build(jobContextFor(gpu, buffers)));
    if (!job.uploads || job.uploads.length === 0) {
      throw new Error(
        `The ${job.label} job does not list its inputs, so its upload cannot be timed`,
      );
    }
    const staging = buffers.create(
      'round-trip readback',
      Math.max(4, Math.ceil(job.outputBytes / 4) * 4),
      GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    );
    await guard.wait(device.queue.onSubmittedWorkDone());
    let last = await roundTrip(device, guard.wait, job, staging, true);
    const share = options.kernelAlone ? 0.6 : 0.95;
    const roundTripMeasurement = await measureRuns(
      (repeats) =>
        timeCompletion(clock, async () => {
          for (let r = 0; r < repeats; r++) {
            last = await roundTrip(device, guard.wait, job, staging, false);
          }
        }),
      {
        ...options.measure,
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (p) => report(share * p.fraction),
      },
    );
    const kernelOnly = options.kernelAlone
      ? await withBatchTimer(device, guard.wait, clock, (timer) =>
          timeJob(job, timer, {
            ...options.measure,
            ...(options.signal ? { signal: options.signal } : {}),
            onProgress: (p) => report(share + (0.95 - share) * p.fraction),
          }),
        )
      : null;
    const check = job.verify(new Float32Array(last));
    report(1);
    const uploadBytes = (job.uploads ?? []).reduce((sum, u) => sum + u.data.byteLength, 0);
    return {
      kernel: prepared.kernel,
      size: prepared.size,
      sizeNote: prepared.sizeNote,
      plan: job.plan,
      roundTrip: roundTripMeasurement,
      kernelOnly,
      check,
      uploadBytes,
      readbackBytes: job.outputBytes,
    };
  });
}
