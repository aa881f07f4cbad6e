/**
 * From the bytes of a file to the report: size check, unpickling, reading the snapshot,
 * analysis, with progress along the way. The worker runs this; tests call it directly. Pure.
 */
import { formatBytesBinary } from '../../../format/units';
import { MAX_FILE_BYTES, SNAPSHOT_PICKLE_LIMITS } from '../limits';
import { SnapshotError, type SnapshotProblem } from '../problem';
import { unpickle } from '../pickle/unpickle';
import { readSnapshot } from '../snapshot/read-snapshot';
import { buildReport, type SnapshotReport } from './report';

/** How far the work is. */
export interface AnalyseProgress {
  stage: 'reading' | 'analysing';
  /** 0 to 1 within the whole job. */
  fraction: number;
}

/** Share of the progress bar for unpickling; reading the model and analysing take the rest. */
const READING_SHARE = 0.9;

/** The problem of a file over {@link MAX_FILE_BYTES}, naming its size and what to do. */
export function tooLargeProblem(sizeBytes: number): SnapshotProblem {
  return {
    kind: 'too-large',
    message:
      `The file is ${formatBytesBinary(sizeBytes)}; this page opens snapshots up to ` +
      `${formatBytesBinary(MAX_FILE_BYTES)}, because decoding one takes several times its size ` +
      'in this tab’s memory. Record fewer events with ' +
      '_record_memory_history(max_entries=100000), or open it at pytorch.org/memory_viz.',
  };
}

/** Analyses the snapshot file in `bytes`; throws a SnapshotError on any problem. */
export function analyseSnapshotBytes(
  bytes: Uint8Array,
  onProgress?: (progress: AnalyseProgress) => void,
): SnapshotReport {
  if (bytes.length > MAX_FILE_BYTES) throw new SnapshotError(tooLargeProblem(bytes.length));
  const root = unpickle(bytes, {
    limits: SNAPSHOT_PICKLE_LIMITS,
    onProgress: (offsetBytes) =>
      onProgress?.({ stage: 'reading', fraction: (READING_SHARE * offsetBytes) / bytes.length }),
  });
  onProgress?.({ stage: 'analysing', fraction: READING_SHARE });
  return buildReport(readSnapshot(root));
}
