import type { SnapshotViewState } from './controller';
import { PROBLEM_TITLES, progressText } from './view-text';

/** Props of the load status. */
export interface LoadStatusProps {
  state: SnapshotViewState;
  onCancel(): void;
}

/** Progress with a Cancel button while a file loads; the problem, in plain words, if it failed. */
export function LoadStatus({ state, onCancel }: LoadStatusProps) {
  const { phase, source, progress, problem } = state;
  if (phase === 'loading' && source) {
    const text = progressText(source, progress);
    return (
      <div className="snap-progress" role="status">
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
      className={`snap-problem${cancelled ? ' snap-problem--quiet' : ''}`}
      role={cancelled ? 'status' : 'alert'}
      data-problem={problem.kind}
    >
      <p className="snap-problem-title">
        {PROBLEM_TITLES[problem.kind]}
        {source && !cancelled && <span className="snap-problem-file"> ({source.name})</span>}
      </p>
      <p>{problem.message}</p>
    </div>
  );
}
