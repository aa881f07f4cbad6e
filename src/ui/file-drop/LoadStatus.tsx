/**
 * A file reader's load status, shared by the widgets that read a learner's file in a worker
 * (memory snapshot, profiler trace): progress with a Cancel button while it loads, and the
 * problem in plain words if it failed (a quiet status for a cancel, an alert otherwise).
 */
import { formatBytesBinary, formatPercent } from '../../format/units';
import './file-drop.css';

/** The file being read: the learner's own, or the widget's example. */
export interface LoadSource {
  kind: 'file' | 'example';
  name: string;
  sizeBytes: number;
}

/** How far the reading has come. */
export interface LoadProgress {
  stage: 'reading' | 'analysing';
  /** 0 to 1 within the whole job. */
  fraction: number;
}

/** What the view of a file load knows. */
export interface LoadState<Kind extends string> {
  phase: 'idle' | 'loading' | 'done' | 'failed';
  source: LoadSource | null;
  progress: LoadProgress | null;
  problem: { kind: Kind | 'cancelled'; message: string } | null;
}

/** The progress line: fetching, reading with its share, or analysing. */
export function loadProgressText(source: LoadSource, progress: LoadProgress | null): string {
  const what = source.kind === 'example' ? 'the example' : source.name;
  if (!progress) return source.kind === 'example' ? 'Fetching the example…' : `Opening ${what}…`;
  const size = source.sizeBytes > 0 ? ` (${formatBytesBinary(source.sizeBytes)})` : '';
  if (progress.stage === 'analysing') return `Analysing ${what}${size}…`;
  return `Reading ${what}${size}: ${formatPercent(progress.fraction)}`;
}

/** Props of the load status. */
export interface LoadStatusProps<Kind extends string> {
  state: LoadState<Kind>;
  /** A title per problem kind. */
  titles: Readonly<Record<Kind | 'cancelled', string>>;
  /** The widget's class prefix (`snap`, `trace`): its own styles for progress and problem. */
  classPrefix: string;
  onCancel(): void;
}

/** Progress with a Cancel button while a file loads; the problem, in plain words, if it failed. */
export function LoadStatus<Kind extends string>({
  state,
  titles,
  classPrefix: c,
  onCancel,
}: LoadStatusProps<Kind>) {
  const { phase, source, progress, problem } = state;
  if (phase === 'loading' && source) {
    const text = loadProgressText(source, progress);
    return (
      <div className={`file-progress ${c}-progress`} role="status">
        <span>{text}</span>
        <progress max={1} value={progress?.fraction ?? undefined} aria-label={text} />
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    );
  }
  if (phase !== 'failed' || !problem) return null;
  const cancelled = problem.kind === 'cancelled';
  return (
    <div
      className={`file-problem ${c}-problem${cancelled ? ` file-problem--quiet ${c}-problem--quiet` : ''}`}
      role={cancelled ? 'status' : 'alert'}
      data-problem={problem.kind}
    >
      <p className={`${c}-problem-title`}>
        {titles[problem.kind]}
        {source && !cancelled && <span className={`${c}-problem-file`}> ({source.name})</span>}
      </p>
      <p>{problem.message}</p>
    </div>
  );
}
