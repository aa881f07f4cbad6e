/**
 * Running an analysis off the main thread and stopping it: a {@link SnapshotAnalyser} over any
 * worker-like object (a real Web Worker, or an in-process stand-in), one worker per file,
 * terminated when the answer arrives or the learner cancels.
 */
import type { AnalyseProgress } from '../analysis/analyse';
import type { SnapshotReport } from '../analysis/report';
import type { SnapshotProblem } from '../problem';
import { handleAnalyseRequest } from './handler';
import type { AnalyseRequest, AnalyseResponse } from './protocol';

/** The result of one analysis. */
export type AnalyseOutcome =
  { ok: true; report: SnapshotReport } | { ok: false; problem: SnapshotProblem };

/** What the controller needs to analyse a file. */
export interface SnapshotAnalyser {
  /** Analyses `bytes`; aborting `signal` stops the work and answers "cancelled". */
  analyse(
    bytes: ArrayBuffer,
    onProgress: (progress: AnalyseProgress) => void,
    signal: AbortSignal,
  ): Promise<AnalyseOutcome>;
}

/** The parts of a Worker the analyser uses. */
export interface SnapshotWorkerLike {
  postMessage(message: AnalyseRequest, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<AnalyseResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** The answer for a cancelled analysis. */
export const CANCELLED: AnalyseOutcome = {
  ok: false,
  problem: { kind: 'cancelled', message: 'Stopped. Nothing from the file was kept.' },
};

/** An analyser that starts a fresh worker from `createWorker` for every file. */
export function workerAnalyser(createWorker: () => SnapshotWorkerLike): SnapshotAnalyser {
  let nextId = 1;
  return {
    analyse(bytes, onProgress, signal) {
      if (signal.aborted) return Promise.resolve(CANCELLED);
      const id = nextId++;
      const worker = createWorker();
      return new Promise<AnalyseOutcome>((resolve) => {
        const finish = (outcome: AnalyseOutcome) => {
          signal.removeEventListener('abort', onAbort);
          worker.onmessage = null;
          worker.onerror = null;
          worker.terminate();
          resolve(outcome);
        };
        const onAbort = () => finish(CANCELLED);
        signal.addEventListener('abort', onAbort, { once: true });
        worker.onmessage = ({ data }) => {
          if (data.id !== id) return;
          if (data.kind === 'progress') onProgress(data.progress);
          else if (data.kind === 'done') finish({ ok: true, report: data.report });
          else finish({ ok: false, problem: data.problem });
        };
        worker.onerror = (event) => {
          event.preventDefault?.();
          finish({
            ok: false,
            problem: {
              kind: 'read-failed',
              message: `The page could not analyse the file: ${event.message || 'its worker stopped'}.`,
            },
          });
        };
        worker.postMessage({ kind: 'analyse', id, bytes }, [bytes]);
      });
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
