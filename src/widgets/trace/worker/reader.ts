/**
 * Reading a trace off the main thread and stopping it: a {@link TraceReader} over any
 * worker-like object (a real Web Worker, or an in-process stand-in), one worker per file.
 */
import { runWorkerJob, type JobOutcome, type JobWorkerLike } from '../../../cpu/worker-job';
import type { TraceReport } from '../analysis/report';
import type { TraceProblem } from '../problem';
import { AbortableRun } from '../../../store/measured-run';
import { handleReadTrace } from './handler';
import type { ReadTraceProgress, ReadTraceRequest, ReadTraceResponse } from './protocol';

/** The result of reading one trace. */
export type ReadOutcome = JobOutcome<TraceReport, TraceProblem>;

/** What the controller needs to read a trace. */
export interface TraceReader {
  /** Reads `file`; aborting `signal` stops the work and answers "cancelled". */
  read(
    file: Blob,
    onProgress: (progress: ReadTraceProgress) => void,
    signal: AbortSignal,
  ): Promise<ReadOutcome>;
}

/** A trace worker as the reader uses it. */
export type TraceWorkerLike = JobWorkerLike<ReadTraceRequest, ReadTraceResponse>;

/** The answer for a cancelled read. */
export const CANCELLED: TraceProblem = {
  kind: 'cancelled',
  message: 'Stopped. Nothing from the file was kept.',
};

/** A reader that starts a fresh worker from `createWorker` for every file. */
export function workerTraceReader(createWorker: () => TraceWorkerLike): TraceReader {
  let nextId = 1;
  return {
    read(file, onProgress, signal) {
      return runWorkerJob(
        createWorker(),
        { kind: 'read', id: nextId++, file },
        {
          onProgress,
          signal,
          cancelled: CANCELLED,
          crashed: (detail) => ({
            kind: 'read-failed',
            message: `The page could not read the trace: ${detail}.`,
          }),
        },
      );
    },
  };
}

/**
 * A worker stand-in that runs the handler in this thread (for tests, and for browsers without
 * module workers: the page then pauses while a large trace is read).
 */
export class InlineTraceWorker implements TraceWorkerLike {
  onmessage: ((event: MessageEvent<ReadTraceResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  /** The read under way (one: the reader starts a fresh worker for every file). */
  private readonly run = new AbortableRun();

  postMessage(message: ReadTraceRequest): void {
    setTimeout(() => {
      void this.run.start(
        (signal) =>
          handleReadTrace(
            message,
            (data) => {
              if (!signal.aborted) this.onmessage?.({ data } as MessageEvent<ReadTraceResponse>);
            },
            signal,
          ),
        // The handler posts its own failures; a terminated read says nothing, as a worker would.
        { cancelled: () => undefined, failed: () => undefined },
      );
    }, 0);
  }

  terminate(): void {
    this.run.stop();
  }
}
