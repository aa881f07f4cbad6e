/**
 * One job in a fresh Web Worker, with progress and cancel: post one request, pass progress
 * messages on, resolve with the one answer, and terminate the worker when it answers or when the
 * signal aborts. Generic over the messages, so any widget reading a file off the main thread can
 * use it. No React.
 */

/** The messages a job worker sends back: progress, then one `done` or `failed`. */
export type JobResponse<Progress, Result, Problem> =
  | { kind: 'progress'; id: number; progress: Progress }
  | { kind: 'done'; id: number; result: Result }
  | { kind: 'failed'; id: number; problem: Problem };

/** The parts of a Worker a job uses. */
export interface JobWorkerLike<Request, Response> {
  postMessage(message: Request, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<Response>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** A job's outcome. */
export type JobOutcome<Result, Problem> =
  { ok: true; result: Result } | { ok: false; problem: Problem };

/** What a job needs besides its worker. */
export interface JobOptions<Progress, Problem> {
  onProgress(progress: Progress): void;
  signal: AbortSignal;
  /** The problem answered when the signal aborts. */
  cancelled: Problem;
  /** The problem answered when the worker itself fails (a script error, out of memory). */
  crashed(detail: string): Problem;
}

/** Runs one request in `worker`, which is terminated when the job ends. */
export function runWorkerJob<Request extends { id: number }, Progress, Result, Problem>(
  worker: JobWorkerLike<Request, JobResponse<Progress, Result, Problem>>,
  request: Request,
  options: JobOptions<Progress, Problem>,
  transfer: Transferable[] = [],
): Promise<JobOutcome<Result, Problem>> {
  const { signal } = options;
  if (signal.aborted) {
    worker.terminate();
    return Promise.resolve({ ok: false, problem: options.cancelled });
  }
  return new Promise((resolve) => {
    const finish = (outcome: JobOutcome<Result, Problem>) => {
      signal.removeEventListener('abort', onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(outcome);
    };
    const onAbort = () => finish({ ok: false, problem: options.cancelled });
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data }) => {
      if (data.id !== request.id) return;
      if (data.kind === 'progress') options.onProgress(data.progress);
      else if (data.kind === 'done') finish({ ok: true, result: data.result });
      else finish({ ok: false, problem: data.problem });
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      finish({ ok: false, problem: options.crashed(event.message || 'its worker stopped') });
    };
    worker.postMessage(request, transfer);
  });
}
