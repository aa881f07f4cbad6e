/**
 * What the trace worker does with a request, as a plain function: the worker script wraps it,
 * and tests and browsers without workers call it directly. Never throws: a failure becomes a
 * `failed` answer with the problem in plain words.
 */
import { buildTraceReport, type TraceReport } from '../analysis/report';
import { readTraceBlob } from '../read/read-trace';
import { traceProblemOf } from '../problem';
import type { ReadTraceRequest, ReadTraceResponse } from './protocol';

/** Share of the progress bar for reading; the analysis takes the rest. */
const READING_SHARE = 0.9;
/** Smallest step of the progress fraction worth a message. */
const PROGRESS_STEP = 0.01;

/** The buffers of a report, to transfer rather than copy. */
export function reportTransfer(report: TraceReport): ArrayBuffer[] {
  return report.lanes.flatMap((l) =>
    [l.startUs, l.durationUs, l.name, l.row].map((a) => a.buffer as ArrayBuffer),
  );
}

/**
 * Reads and analyses the request's file, posting progress and then one `done` or `failed`. A
 * real worker passes no `signal`: it is stopped by being terminated.
 */
export async function handleReadTrace(
  request: ReadTraceRequest,
  post: (response: ReadTraceResponse, transfer?: Transferable[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { id } = request;
  let last = -1;
  try {
    const trace = await readTraceBlob(
      request.file,
      (fraction) => {
        if (fraction - last < PROGRESS_STEP) return;
        last = fraction;
        post({
          kind: 'progress',
          id,
          progress: { stage: 'reading', fraction: fraction * READING_SHARE },
        });
      },
      signal,
    );
    post({ kind: 'progress', id, progress: { stage: 'analysing', fraction: READING_SHARE } });
    const report = buildTraceReport(trace);
    post({ kind: 'done', id, result: report }, reportTransfer(report));
  } catch (error) {
    post({ kind: 'failed', id, problem: traceProblemOf(error) });
  }
}
