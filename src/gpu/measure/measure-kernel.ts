/**
 * The one way to measure a kernel: by its name in the registry, at a size, with options. The
 * size is fitted to the device and the job built from the kernel's record (prepare.ts); then
 * `options.timing` picks how it is timed:
 *
 * - `batches` (the default): the harness times batches of runs recorded into one compute pass
 *   (GPU timestamps where the device has them), and the output is checked (jobs/measure-job.ts);
 * - `round-trips`: upload, kernel, copy back and read, each run awaited (round-trips.ts);
 * - `submissions`: single submissions, with the clock read around each (submissions.ts).
 *
 * Sizes, timing options and defaults that belong to one widget are that widget's: it passes
 * them here.
 */
import type { GpuContext } from '../device';
import {
  measureJob,
  runJobOnce,
  type CheckedRun,
  type LayoutOptions,
  type MeasuredJob,
  type MeasureJobOptions,
} from '../jobs/measure-job';
import type { LabKernelId } from '../kernels/lab-kernels';
import type { KernelDetail, KernelName, KernelSize } from '../kernels/registry';
import type { LabSize } from '../sizes/lab-facet';
import { prepareKernel, type KernelRun } from './prepare';
import { timeRoundTrips, type RoundTripMeasurement, type RoundTripOptions } from './round-trips';
import {
  timeSubmissions,
  type SubmissionOptions,
  type SubmissionsMeasurement,
} from './submissions';

/** Timed batches of runs, the output checked (the default). */
export interface BatchTiming extends MeasureJobOptions {
  timing?: 'batches';
}

/** Round trips: upload, kernel, copy back and read, each awaited. */
export interface RoundTripTiming extends RoundTripOptions {
  timing: 'round-trips';
}

/** Single submissions with the clock read around each. */
export interface SubmissionTiming extends SubmissionOptions {
  timing: 'submissions';
}

/** How a kernel is timed, and that timing's options. */
export type MeasureKernelOptions = BatchTiming | RoundTripTiming | SubmissionTiming;

/** A named kernel measured in timed batches and checked. */
export type KernelMeasurement<
  K extends KernelName,
  Size extends KernelSize<K> = KernelSize<K>,
> = KernelRun<K, Size> & MeasuredJob<KernelDetail<K>>;

/**
 * A lab kernel's measured run, less its output and detail: what the lab, the roofs and the
 * bench keep of it (its size, rates, timing and check; an output can be hundreds of megabytes).
 */
export type LabRun = Omit<KernelMeasurement<LabKernelId, LabSize>, 'output' | 'detail'>;

/**
 * Measures the kernel named `kernel` at `size` on `gpu`, timed as `options.timing` says
 * (batches by default; see the file comment). Throws a
 * RangeError for a size of the wrong kind or one that cannot fit, an Error when WebGPU reports
 * a problem or the device is lost, and the signal's reason when aborted.
 */
export function measureKernel<K extends KernelName, Size extends KernelSize<K>>(
  gpu: GpuContext,
  kernel: K,
  size: Size,
  options?: BatchTiming,
): Promise<KernelMeasurement<K, Size>>;
export function measureKernel<K extends KernelName, Size extends KernelSize<K>>(
  gpu: GpuContext,
  kernel: K,
  size: Size,
  options: RoundTripTiming,
): Promise<RoundTripMeasurement<K, Size>>;
export function measureKernel<K extends KernelName, Size extends KernelSize<K>>(
  gpu: GpuContext,
  kernel: K,
  size: Size,
  options: SubmissionTiming,
): Promise<SubmissionsMeasurement<K, Size>>;
export async function measureKernel<K extends KernelName, Size extends KernelSize<K>>(
  gpu: GpuContext,
  kernel: K,
  size: Size,
  options: MeasureKernelOptions = {},
): Promise<
  KernelMeasurement<K, Size> | RoundTripMeasurement<K, Size> | SubmissionsMeasurement<K, Size>
> {
  const prepared = prepareKernel<K, Size>(gpu, kernel, size);
  if (options.timing === 'round-trips') return timeRoundTrips(gpu, prepared, options);
  if (options.timing === 'submissions') return timeSubmissions(gpu, prepared, options);
  const run = await measureJob(gpu, prepared.build, options);
  return { kernel, size: prepared.size, sizeNote: prepared.sizeNote, ...run };
}

/**
 * Runs the kernel named `kernel` once at `size`, untimed, and checks its output: the kernels'
 * correctness tests use it.
 */
export async function runKernelOnce<K extends KernelName, Size extends KernelSize<K>>(
  gpu: GpuContext,
  kernel: K,
  size: Size,
  options: LayoutOptions = {},
): Promise<KernelRun<K, Size> & CheckedRun<KernelDetail<K>>> {
  const prepared = prepareKernel<K, Size>(gpu, kernel, size);
  const run = await runJobOnce(gpu, prepared.build, options);
  return { kernel, size: prepared.size, sizeNote: prepared.sizeNote, ...run };
}
