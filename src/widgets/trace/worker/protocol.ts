/** Messages between the page and the trace worker: one request, progress, one answer. */
import type { JobResponse } from '../../../cpu/worker-job';
import type { TraceReport } from '../analysis/report';
import type { TraceProblem } from '../problem';

/** Read the trace in `file` (a File or a fetched Blob: the worker streams it itself). */
export interface ReadTraceRequest {
  kind: 'read';
  id: number;
  file: Blob;
}

/** How far reading is. */
export interface ReadTraceProgress {
  stage: 'reading' | 'analysing';
  /** 0 to 1 within the whole job. */
  fraction: number;
}

/** What the worker sends back; `id` echoes the request's. */
export type ReadTraceResponse = JobResponse<ReadTraceProgress, TraceReport, TraceProblem>;
