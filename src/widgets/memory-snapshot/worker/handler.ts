/**
 * What the snapshot worker does with a request, as a plain function: the worker script wraps
 * it, and tests and browsers without workers call it directly. Never throws: a failure becomes
 * a `failed` answer with the problem in plain words.
 */
import { analyseSnapshotBytes } from '../analysis/analyse';
import { problemOf } from '../problem';
import type { AnalyseRequest, AnalyseResponse } from './protocol';

/** Smallest step of the progress fraction worth a message. */
const PROGRESS_STEP = 0.01;

/** Analyses the request's file, posting progress and then exactly one `done` or `failed`. */
export function handleAnalyseRequest(
  request: AnalyseRequest,
  post: (response: AnalyseResponse) => void,
): void {
  const { id } = request;
  let lastFraction = -1;
  try {
    const report = analyseSnapshotBytes(new Uint8Array(request.bytes), (progress) => {
      if (progress.fraction - lastFraction < PROGRESS_STEP && progress.stage === 'reading') return;
      lastFraction = progress.fraction;
      post({ kind: 'progress', id, progress });
    });
    post({ kind: 'done', id, result: report });
  } catch (error) {
    post({ kind: 'failed', id, problem: problemOf(error) });
  }
}
