/**
 * Running an analysis off the main thread and stopping it: a {@link SnapshotAnalyser} over any
 * worker-like object (a real Web Worker, or an in-process stand-in), one worker per file, run as
 * a job of ../../../cpu/worker-job.ts (terminated when the answer arrives or the learner cancels).
 */
import { runWorkerJob, type JobOutcome, type JobWorkerLike } from '../../../cpu/worker-job';
import type { AnalyseProgress } from '../analysis/analyse';
import type { SnapshotReport } from '../analysis/report';
import type { SnapshotProblem } from '../problem';
import { handleAnalyseRequest } from './handler';
import type { AnalyseRequest, AnalyseResponse } from './protocol';

/** The result of one analysis. */
export type AnalyseOutcome = JobOutcome<SnapshotReport, SnapshotProblem>;

/** What the controller needs to analyse a file. */
export interface SnapshotAnalyser {
  /** Analyses `bytes`; aborting `signal` stops the work and answers "cancelled". */
  analyse(
    bytes: ArrayBuffer,
    onProgress: (progress: AnalyseProgress) => void,
    signal: AbortSignal,
  ): Promise<AnalyseOutcome>;
}

/** A snapshot worker as the analyser uses it. */
export type SnapshotWorkerLike = JobWorkerLike<AnalyseRequest, AnalyseResponse>;

/** The problem answered for a cancelled analysis. */
export const CANCELLED: SnapshotProblem = {
  kind: 'cancelled',
  message: 'Stopped. Nothing from the file was kept.',
};

/** An analyser that starts a fresh worker from `createWorker` for every file. */
export function workerAnalyser(createWorker: () => SnapshotWorkerLike): SnapshotAnalyser {
  let nextId = 1;
  return {
    analyse(bytes, onProgress, signal) {
      return runWorkerJob(
        createWorker(),
        { kind: 'analyse', id: nextId++, bytes },
        {
          onProgress,
          signal,
          cancelled: CANCELLED,
          crashed: (detail) => ({
            kind: 'read-failed',
            message: `The page could not analyse the file: ${detail}.`,
          }),
        },
        [bytes],
      );
    },
  };
}

/**
 * A worker stand-in that runs the handler in this thread after a macrotask (for tests, and for
 * browsers without module workers: the page then pauses while a large file is read).
 */
export class InlineSnapshotWorker implements SnapshotWorkerLike {
  onmessage: ((event: MessageEvent<AnalyseResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;

  postMessage(message: AnalyseRequest): void {
    setTimeout(() => {
      if (this.terminated) return;
      handleAnalyseRequest(message, (data) => {
        if (!this.terminated) this.onmessage?.({ data } as MessageEvent<AnalyseResponse>);
      });
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}
