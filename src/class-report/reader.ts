/**
 * Reading a class's files off the page's main thread: one worker per reading (the page stays
 * responsive however large or hostile the files), stopped by the signal. Where module workers
 * are missing, the same reading runs in this thread. No React.
 */
import { runWorkerJob, type JobResponse, type JobWorkerLike } from '../cpu/worker-job';
import { readClassInputs, type InputFile, type ReadProgress } from './read';
import type { ClassData } from './records';

/** What the page asks the worker. */
export interface ReadClassRequest {
  kind: 'read';
  id: number;
  files: readonly Blob[];
  /** The files' names (a Blob that is not a File has none). */
  names: readonly string[];
}

/** What the worker answers. */
export type ReadClassResponse = JobResponse<ReadProgress, ClassData, string>;

/** A reading worker as the reader uses it. */
export type ClassWorkerLike = JobWorkerLike<ReadClassRequest, ReadClassResponse>;

/** The reading's answer: the class, or why there is none. */
export type ReadClassOutcome = { ok: true; result: ClassData } | { ok: false; problem: string };

/** A blob's bytes (FileReader where Blob.arrayBuffer is missing, as in older engines). */
function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

/** A chosen file as the reader reads it. */
export function inputFileOf(blob: Blob, name: string): InputFile {
  return {
    name,
    size: blob.size,
    async bytes(end) {
      return new Uint8Array(await blobBytes(end === undefined ? blob : blob.slice(0, end)));
    },
  };
}

/**
 * What the worker does with a request, as a plain function: the worker script wraps it, and a
 * browser without workers calls it directly. Never throws: a failure is a `failed` answer.
 */
export async function handleReadClass(
  request: ReadClassRequest,
  post: (response: ReadClassResponse) => void,
): Promise<void> {
  const { id } = request;
  try {
    const inputs = request.files.map((f, i) => inputFileOf(f, request.names[i] ?? `file ${i + 1}`));
    const result = await readClassInputs(inputs, {
      onProgress: (progress) => post({ kind: 'progress', id, progress }),
    });
    post({ kind: 'done', id, result });
  } catch (error) {
    post({
      kind: 'failed',
      id,
      problem: `The files could not be read: ${error instanceof Error ? error.message : String(error)}.`,
    });
  }
}

/** A stand-in for the worker that reads in this thread (no module workers here). */
export class InlineClassWorker implements ClassWorkerLike {
  onmessage: ((event: MessageEvent<ReadClassResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private stopped = false;

  postMessage(message: ReadClassRequest): void {
    setTimeout(() => {
      void handleReadClass(message, (data) => {
        if (!this.stopped) this.onmessage?.({ data } as MessageEvent<ReadClassResponse>);
      });
    }, 0);
  }

  terminate(): void {
    this.stopped = true;
  }
}

let nextId = 1;

/** Reads `files` in a worker from `createWorker`; aborting `signal` stops it. */
export function readClassFiles(
  files: readonly File[],
  onProgress: (progress: ReadProgress) => void,
  signal: AbortSignal,
  createWorker: () => ClassWorkerLike,
): Promise<ReadClassOutcome> {
  return runWorkerJob(
    createWorker(),
    { kind: 'read', id: nextId++, files, names: files.map((f) => f.name) },
    {
      onProgress,
      signal,
      cancelled: 'Stopped. Nothing from the files was kept.',
      crashed: (detail) => `The page could not read the files: ${detail}.`,
    },
  );
}
