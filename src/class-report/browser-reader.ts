/** The class report's reading worker in a browser, bundled by Vite (in this thread where module workers are missing). */
import {
  InlineClassWorker,
  readClassFiles,
  type ClassWorkerLike,
  type ReadClassOutcome,
} from './reader';
import type { ReadProgress } from './read';

/** Starts the reading worker. */
function createClassWorker(): ClassWorkerLike {
  if (typeof Worker !== 'function') return new InlineClassWorker();
  return new Worker(new URL('./class-report.worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as ClassWorkerLike;
}

/** Reads the chosen files in a fresh worker. */
export function readClassInBrowser(
  files: readonly File[],
  onProgress: (progress: ReadProgress) => void,
  signal: AbortSignal,
): Promise<ReadClassOutcome> {
  return readClassFiles(files, onProgress, signal, createClassWorker);
}
