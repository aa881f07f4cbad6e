import type { ReactNode } from 'react';

/** Props of the buttons that start and stop a measured run. */
export interface RunButtonsProps {
  /** A run is under way: the run button waits, the cancel button works. */
  running: boolean;
  /** What the run button says ("Run again"). */
  runLabel: string;
  /** Starts a run; without it the run button submits the form it stands in. */
  onRun?: () => void;
  /** The run button's `data-action`, which tests and the guides press (default `run`). */
  runAction?: string;
  onCancel: () => void;
}

/**
 * The run and cancel pair every measured widget shows: only one of them works at a time, so a
 * run cannot start twice and Cancel is never offered for nothing.
 */
export function RunButtons({ running, runLabel, onRun, runAction, onCancel }: RunButtonsProps) {
  return (
    <>
      <button
        type={onRun ? 'button' : 'submit'}
        className="primary"
        disabled={running}
        onClick={onRun}
        data-action={runAction ?? 'run'}
      >
        {runLabel}
      </button>
      <CancelButton running={running} onCancel={onCancel} />
    </>
  );
}

/** Cancel for a run that another control starts: it works only while the run is under way. */
export function CancelButton({ running, onCancel }: Pick<RunButtonsProps, 'running' | 'onCancel'>) {
  return (
    <button type="button" disabled={!running} onClick={onCancel} data-action="cancel">
      Cancel
    </button>
  );
}

/**
 * What the last run left to say: a notice (the run was cancelled, or fell back) as a status,
 * and an error as an alert; nothing where there is neither.
 */
export function RunMessages({ notice, error }: { notice?: string | null; error?: string | null }) {
  return (
    <>
      {notice ? (
        <p className="ui-status-warn" role="status" data-notice>
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="ui-status-error" role="alert" data-error>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** How far a run has gone: `done` of `total`, the bar's accessible name and a line to show. */
export interface RunProgress {
  done: number;
  total: number;
  /** The progress bar's accessible name ("Runs done"). */
  label: string;
  text: ReactNode;
}

/**
 * Where a run stands: a progress bar and a line of text, in a live region that stays on the
 * page between runs (empty then), so that screen readers hear each change.
 */
export function RunActivity({
  progress,
  className,
}: {
  progress: RunProgress | null;
  className?: string;
}) {
  return (
    <div className={`ui-activity${className ? ` ${className}` : ''}`} aria-live="polite">
      {progress ? (
        <>
          <progress max={progress.total} value={progress.done} aria-label={progress.label} />
          <span>{progress.text}</span>
        </>
      ) : null}
    </div>
  );
}
