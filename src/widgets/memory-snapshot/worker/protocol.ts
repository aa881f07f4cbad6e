/** Messages between the page and the snapshot worker: one request, progress, one answer. */
import type { AnalyseProgress } from '../analysis/analyse';
import type { SnapshotReport } from '../analysis/report';
import type { SnapshotProblem } from '../problem';

/** Analyse the file in `bytes` (transferred, not copied). */
export interface AnalyseRequest {
  kind: 'analyse';
  id: number;
  bytes: ArrayBuffer;
}

/** What the worker sends back; `id` echoes the request's. */
export type AnalyseResponse =
  | { kind: 'progress'; id: number; progress: AnalyseProgress }
  | { kind: 'done'; id: number; report: SnapshotReport }
  | { kind: 'failed'; id: number; problem: SnapshotProblem };
