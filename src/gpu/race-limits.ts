/** Whether a race job's buffers fit a device's limits, with a clear refusal when they do not. */
import { RACE_BYTES_PER_TASK } from './kernels/race/race';

/** The device limits a race job's buffers depend on. */
export interface RaceBufferLimits {
  maxStorageBufferBindingSize: number;
  maxBufferSize: number;
}

/** Byte sizes of the buffers a race job allocates. */
export interface RaceBufferBytes {
  /** The storage buffer the batch writes (at least 4 bytes, even for zero tasks). */
  resultBytes: number;
  /** The mappable copy read back: every task's result, then the serial result. */
  readbackBytes: number;
}

/** The most tasks whose results fit the given limits. */
export function maxRaceTasks(limits: RaceBufferLimits): number {
  const bindable = Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
  const readable = limits.maxBufferSize - RACE_BYTES_PER_TASK;
  return Math.max(0, Math.floor(Math.min(bindable, readable) / RACE_BYTES_PER_TASK));
}

/** The buffer sizes for `tasks`; throws a RangeError naming the limit when they do not fit. */
export function raceBufferBytes(tasks: number, limits: RaceBufferLimits): RaceBufferBytes {
  const maxTasks = maxRaceTasks(limits);
  if (tasks > maxTasks) {
    const mebibytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    throw new RangeError(
      `${tasks.toLocaleString('en-US')} tasks need ${mebibytes(tasks * RACE_BYTES_PER_TASK)} ` +
        `of results, but this GPU binds at most ` +
        `${mebibytes(limits.maxStorageBufferBindingSize)} per storage buffer and ` +
        `${mebibytes(limits.maxBufferSize)} per buffer. ` +
        `Use at most ${maxTasks.toLocaleString('en-US')} tasks.`,
    );
  }
  return {
    resultBytes: Math.max(RACE_BYTES_PER_TASK, tasks * RACE_BYTES_PER_TASK),
    readbackBytes: (tasks + 1) * RACE_BYTES_PER_TASK,
  };
}
