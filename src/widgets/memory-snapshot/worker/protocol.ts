/** Messages between the page and the snapshot worker: one request, progress, one answer. */
import type { JobResponse } from '../../../cpu/worker-job';
import type { AnalyseProgress } from '../analysis/analyse';
import type { SnapshotReport } from '../analysis/report';
import type { SnapshotProblem } from '../problem';

/** Analyse the file in `bytes` (transferred, not copied). */
export interface AnalyseRequest {
  kind: 'analyse';
  id: number;
  bytes: ArrayBuffer;
}

/** What the worker sends back (progress, then the report or the problem); `id` echoes the request's. */
export type AnalyseResponse = JobResponse<AnalyseProgress, SnapshotReport, SnapshotProblem>;
