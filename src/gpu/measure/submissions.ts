/**
 * Times single submissions of a kernel the three ways a page can: the clock read just before
 * and just after `queue.submit` (which returns once the work is queued), the clock read again
 * when the queue reports the work done, and the GPU's own timestamps at the start and end of the
 * compute pass (where the device has "timestamp-query"). The first run also times the set-up a
 * first call pays (pipeline, buffers, upload). Nothing is batched or summarised here: the raw
 * readings go back to the caller, which turns them into timings. The output of the last run is
 * checked against the kernel's CPU reference. Buffers and queries are freed whatever happens.
 * One of the ways measure-kernel.ts measures a named kernel.
 */
import { readF32 } from '../buffers';
import type { GpuContext } from '../device';
import { scoped } from '../error-scopes';
import type { KernelJob } from '../jobs/kernel-job';
import { jobContextFor } from '../jobs/measure-job';
import type { KernelPlan } from '../kernel-plan';
import type { KernelName, KernelSize } from '../kernels/registry';
import { pipelineCacheSize } from '../pipelines';
import type { GuardedWait } from '../run-guard';
import { performanceClock, type Clock } from '../../compute/timing/clock';
import { createTimestampQueries, type TimestampQueries } from '../timing/gpu-batch-timer';
import type { F32Check } from '../../compute/verify-f32';
import { withRun } from '../with-run';
import type { KernelRun, PreparedKernel } from './prepare';

/** The clock readings (seconds) and GPU timestamps of one submission. */
export interface SubmitReadings {
  /** When the set-up began (pipeline, buffers, upload): the first run only, else null. */
  setupStart: number | null;
  /** Just before `queue.submit`. */
  submitStart: number;
  /** Just after `queue.submit` returned. */
  submitEnd: number;
  /** When `queue.onSubmittedWorkDone()` resolved. */
  doneAt: number;
  /** GPU timestamps (nanoseconds) at the pass's beginning and end; null without the feature. */
  gpuTimestampsNs: readonly [bigint, bigint] | null;
}

/** Whether the runs carry GPU timestamps, and if not, whose lack it is. */
export type TimestampSupport = 'enabled' | 'adapter-lacks' | 'device-lacks';

/** Options of single submissions. */
export interface SubmissionOptions {
  /** Submissions in all, the first included (at least 2). */
  runs: number;
  /** The clock read around each submission (tests inject one). */
  clock?: Clock;
  /** Checked between runs; aborting rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called after each run with its readings and its index (0 = the first run). */
  onRun?(readings: SubmitReadings, index: number): void;
}

/** What single submissions of a named kernel found. */
export interface SubmissionsMeasurement<
  K extends KernelName,
  Size extends KernelSize<K> = KernelSize<K>,
> extends KernelRun<K, Size> {
  plan: KernelPlan;
  /** One entry per run, the first run first. */
  runs: SubmitReadings[];
  timestamps: TimestampSupport;
  /** True when the first run compiled the pipeline (false: another run on this device had). */
  compiledPipeline: boolean;
  /** The last run's output against the CPU reference. */
  check: F32Check;
}

/** Why a device has no timestamps: the adapter offers none, or the device was made without. */
export function timestampSupport(gpu: Pick<GpuContext, 'device' | 'adapter'>): TimestampSupport {
  if (gpu.device.features.has('timestamp-query')) return 'enabled';
  return gpu.adapter.features.includes('timestamp-query') ? 'device-lacks' : 'adapter-lacks';
}

/** Records, submits and waits for one run of `job`, reading `clock` around each step. */
async function submitOnce(
  device: GPUDevice,
  job: KernelJob<unknown>,
  queries: TimestampQueries | null,
  clock: Clock,
  wait: GuardedWait,
  setupStart: number | null,
): Promise<SubmitReadings> {
  const action = `run the ${job.label} kernel once`;
  const encoded = scoped(device, action, () => {
    const encoder = device.createCommandEncoder({ label: action });
    const pass = encoder.beginComputePass(queries ? { timestampWrites: queries.writes } : {});
    job.record(pass);
    pass.end();
    queries?.recordResolve(encoder);
    return encoder.finish();
  });
  let submitStart = 0;
  let submitEnd = 0;
  const submitted = scoped(device, action, () => {
    submitStart = clock();
    device.queue.submit([encoded.value]);
    submitEnd = clock();
  });
  await wait(device.queue.onSubmittedWorkDone());
  const doneAt = clock();
  const problem = (await wait(encoded.error)) ?? (await wait(submitted.error));
  if (problem) throw problem;
  const gpuTimestampsNs = queries ? await queries.read(wait) : null;
  return { setupStart, submitStart, submitEnd, doneAt, gpuTimestampsNs };
}

/** Times `options.runs` single submissions of a prepared kernel; see the file comment. */
export async function timeSubmissions<K extends KernelName, Size extends KernelSize<K>>(
  gpu: GpuContext,
  prepared: PreparedKernel<K, Size>,
  options: SubmissionOptions,
): Promise<SubmissionsMeasurement<K, Size>> {
  if (!Number.isInteger(options.runs) || options.runs < 2) {
    throw new RangeError(`runs must be an integer >= 2, got ${String(options.runs)}`);
  }
  const { device } = gpu;
  const clock = options.clock ?? performanceClock;
  const { build } = prepared;
  return withRun(gpu, options.signal, async (guard, buffers) => {
    // Start from an empty queue, so earlier work does not land in the first run.
    await guard.wait(device.queue.onSubmittedWorkDone());
    const queries = createTimestampQueries(device);
    try {
      const pipelinesBefore = pipelineCacheSize(device).pipelines;
      const setupStart = clock();
      const job = await guard.wait(build(jobContextFor(gpu, buffers)));
      const compiledPipeline = pipelineCacheSize(device).pipelines > pipelinesBefore;
      const runs: SubmitReadings[] = [];
      for (let index = 0; index < options.runs; index++) {
        guard.check();
        const readings = await submitOnce(
          device,
          job,
          queries,
          clock,
          guard.wait,
          index === 0 ? setupStart : null,
        );
        runs.push(readings);
        options.onRun?.(readings, index);
      }
      const output = await readF32(device, guard.wait, job.output, job.outputBytes);
      return {
        kernel: prepared.kernel,
        size: prepared.size,
        sizeNote: prepared.sizeNote,
        plan: job.plan,
        runs,
        timestamps: timestampSupport(gpu),
        compiledPipeline,
        check: job.verify(output),
      };
    } finally {
      queries?.destroy();
    }
  });
}
