/** Whether a race job's results fit a device's buffer limits, with a clear refusal when not. */
import { RACE_BYTES_PER_TASK } from './race';

/** The device limits a race job's buffers depend on. */
export interface RaceBufferLimits {
  maxStorageBufferBindingSize: number;
  maxBufferSize: number;
}

/** The most tasks whose results fit one storage binding and one buffer. */
export function maxRaceTasks(limits: RaceBufferLimits): number {
  const bytes = Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
  return Math.max(0, Math.floor(bytes / RACE_BYTES_PER_TASK));
}

/**
 * Bytes of the buffer the batch writes its results to (at least 4, even for no tasks); throws a
 * RangeError naming the limits when `tasks` do not fit.
 */
export function raceResultBytes(tasks: number, limits: RaceBufferLimits): number {
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
  return Math.max(RACE_BYTES_PER_TASK, tasks * RACE_BYTES_PER_TASK);
}
