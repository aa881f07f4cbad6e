import type { TraceViewState } from '../controller';
import { TRACE_PROBLEM_TITLES } from '../problem';
import { progressText } from './view-text';

/** Props of the load status. */
export interface LoadStatusProps {
  state: TraceViewState;
  onCancel(): void;
}

/** Progress with a Cancel button while a trace loads; the problem, in plain words, if it failed. */
export function LoadStatus({ state, onCancel }: LoadStatusProps) {
  const { phase, source, progress, problem } = state;
  if (phase === 'loading' && source) {
    const text = progressText(source, progress);
    return (
      <div className="trace-progress" role="status">
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
      className={`trace-problem${cancelled ? ' trace-problem--quiet' : ''}`}
      role={cancelled ? 'status' : 'alert'}
      data-problem={problem.kind}
    >
      <p className="trace-problem-title">
        {TRACE_PROBLEM_TITLES[problem.kind]}
        {source && !cancelled && <span> ({source.name})</span>}
      </p>
      <p>{problem.message}</p>
    </div>
  );
}
