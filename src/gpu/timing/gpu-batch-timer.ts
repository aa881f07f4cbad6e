/**
 * Times one batch of GPU work. With the `timestamp-query` feature the GPU itself writes a
 * timestamp as the batch's compute pass begins and another as it ends; without it the batch is
 * timed from submit until the queue reports the work done (which also counts the submission and
 * the wake-up of the page, a fixed cost that long batches make small). The result says which.
 */
import { scoped } from '../error-scopes';
import type { GuardedWait } from '../run-guard';
import { performanceClock, type Clock } from '../../compute/timing/clock';
import type { BatchTiming } from '../../compute/timing/harness';

/** Records a batch into `encoder`. Pass `timestampWrites`, when given, to its one compute pass. */
export type RecordBatch = (
  encoder: GPUCommandEncoder,
  timestampWrites: GPUComputePassTimestampWrites | undefined,
) => void;

/** Times batches of work on one device; destroy it when done. */
export interface GpuBatchTimer {
  /** True when batches are timed with GPU timestamps. */
  readonly usesTimestamps: boolean;
  /** Records, submits and waits for one batch, and returns how long it took. */
  time(action: string, record: RecordBatch): Promise<BatchTiming>;
  /** Frees the query set and its buffers. */
  destroy(): void;
}

/** Nanoseconds between two GPU timestamps as seconds, or null when they make no sense. */
export function timestampSeconds(begin: bigint, end: bigint): number | null {
  if (end <= begin) return null;
  const seconds = Number(end - begin) / 1e9;
  return Number.isFinite(seconds) ? seconds : null;
}

/** A query set of two timestamps and the buffers to read them back, for one batch at a time. */
export interface TimestampQueries {
  /** What to pass to the batch's compute pass: its beginning and end are written. */
  readonly writes: GPUComputePassTimestampWrites;
  /** Records the resolve of both timestamps and their copy into the readable buffer. */
  recordResolve(encoder: GPUCommandEncoder): void;
  /** Once the batch is done: the two raw timestamps (GPU nanoseconds), begin then end. */
  read(wait: GuardedWait): Promise<readonly [bigint, bigint]>;
  /** Frees the query set and its buffers. */
  destroy(): void;
}

/** Creates the query set and buffers, or returns null when the device lacks the feature. */
export function createTimestampQueries(device: GPUDevice): TimestampQueries | null {
  if (!device.features.has('timestamp-query')) return null;
  const set = device.createQuerySet({ label: 'lab timestamps', type: 'timestamp', count: 2 });
  const resolve = device.createBuffer({
    label: 'lab timestamps (resolved)',
    size: 16,
    usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
  });
  const readable = device.createBuffer({
    label: 'lab timestamps (read)',
    size: 16,
    usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
  });
  return {
    writes: { querySet: set, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 },
    recordResolve(encoder) {
      encoder.resolveQuerySet(set, 0, 2, resolve, 0);
      encoder.copyBufferToBuffer(resolve, 0, readable, 0, 16);
    },
    async read(wait) {
      await wait(readable.mapAsync(GPUMapMode.READ));
      const stamps = new BigUint64Array(readable.getMappedRange().slice(0));
      readable.unmap();
      return [stamps[0] ?? 0n, stamps[1] ?? 0n];
    },
    destroy() {
      set.destroy();
      resolve.destroy();
      readable.destroy();
    },
  };
}

/**
 * A batch timer for `device`, using timestamps when the device was created with them; `clock`
 * times completion when it does not (and is what tests replace).
 */
export function createGpuBatchTimer(
  device: GPUDevice,
  wait: GuardedWait,
  clock: Clock = performanceClock,
): GpuBatchTimer {
  const queries = createTimestampQueries(device);
  return {
    usesTimestamps: queries !== null,
    async time(action, record) {
      const encoded = scoped(device, action, () => {
        const encoder = device.createCommandEncoder({ label: action });
        record(encoder, queries?.writes);
        queries?.recordResolve(encoder);
        return encoder.finish();
      });
      const start = clock();
      const submitted = scoped(device, action, () => device.queue.submit([encoded.value]));
      await wait(device.queue.onSubmittedWorkDone());
      const completionSeconds = Math.max(0, clock() - start);
      const problem = (await wait(encoded.error)) ?? (await wait(submitted.error));
      if (problem) throw problem;
      if (!queries) return { seconds: completionSeconds, method: 'completion' };
      const [begin, end] = await queries.read(wait);
      const gpuSeconds = timestampSeconds(begin, end);
      return gpuSeconds === null
        ? { seconds: completionSeconds, method: 'completion' }
        : { seconds: gpuSeconds, method: 'timestamp-query' };
    },
    destroy() {
      queries?.destroy();
    },
  };
}

/**
 * Records copies so that a timer can time them: copies belong to no compute pass, so they are
 * placed between two empty passes, the first writing its end timestamp and the second its
 * beginning timestamp.
 */
export function recordBetweenEmptyPasses(
  encoder: GPUCommandEncoder,
  timestampWrites: GPUComputePassTimestampWrites | undefined,
  recordCopies: (encoder: GPUCommandEncoder) => void,
): void {
  if (!timestampWrites) {
    recordCopies(encoder);
    return;
  }
  const { querySet, beginningOfPassWriteIndex, endOfPassWriteIndex } = timestampWrites;
  encoder
    .beginComputePass({
      timestampWrites: { querySet, endOfPassWriteIndex: beginningOfPassWriteIndex },
    })
    .end();
  recordCopies(encoder);
  encoder
    .beginComputePass({
      timestampWrites: { querySet, beginningOfPassWriteIndex: endOfPassWriteIndex },
    })
    .end();
}

/** Runs `work` with a batch timer for `device`, destroying the timer afterwards. */
export async function withBatchTimer<T>(
  device: GPUDevice,
  wait: GuardedWait,
  clock: Clock,
  work: (timer: GpuBatchTimer) => Promise<T>,
): Promise<T> {
  const timer = createGpuBatchTimer(device, wait, clock);
  try {
    return await work(timer);
  } finally {
    timer.destroy();
  }
}
