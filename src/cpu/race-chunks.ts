/** How the CPU race's batch is cut into chunks that workers take one at a time. */
import { planChunks, type ItemChunk } from '../compute/dispatch';

export type { ItemChunk } from '../compute/dispatch';

/** Chunks per worker: enough that a slow core does not hold up the finish, and that progress moves. */
export const CHUNKS_PER_WORKER = 8;

/** Smallest chunk worth a message round trip. */
export const MIN_CHUNK_TASKS = 64;

/**
 * Cuts `tasks` into about `workers * chunksPerWorker` contiguous chunks of at least
 * `minChunkTasks` (the last may be smaller), in task order. Workers take them first come,
 * first served, so faster cores simply take more chunks.
 */
export function planWorkerChunks(
  tasks: number,
  workers: number,
  chunksPerWorker = CHUNKS_PER_WORKER,
  minChunkTasks = MIN_CHUNK_TASKS,
): ItemChunk[] {
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`workers must be an integer >= 1, got ${String(workers)}`);
  }
  const target = workers * chunksPerWorker;
  if (tasks <= minChunkTasks) return planChunks(tasks, 1);
  const chunkCount = Math.max(1, Math.min(target, Math.floor(tasks / minChunkTasks)));
  return planChunks(tasks, chunkCount);
}
