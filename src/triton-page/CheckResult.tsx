import { useMemo, type ReactNode, type RefObject } from 'react';
import type { CodeEditorHandle } from '../puzzle-page/editor/CodeEditor';
import type { TritonPuzzle } from '../triton/puzzles/types';
import { formatSeconds } from '../format/units';
import type { TritonState, TritonTiming } from './controller';

/** The line a failed check's runtime error names, or null (for the editor's marks). */
export function useErrorLine(state: TritonState): {
  errorLine: number | null;
  errorLines: readonly number[];
} {
  const failed = state.check && !state.check.ok ? state.check.cases.at(-1) : undefined;
  const errorLine = failed?.error?.line ?? null;
  const errorLines = useMemo(() => (errorLine === null ? [] : [errorLine]), [errorLine]);
  return { errorLine, errorLines };
}

/** What the result region says it holds: the phase while running, then pass, fail or none. */
export function resultKindOf(state: TritonState): string {
  if (state.phase !== 'idle') return state.phase;
  if (!state.check) return 'none';
  return state.check.ok ? 'pass' : 'fail';
}

/** Props of a Triton run's result region. */
export interface CheckResultProps {
  puzzle: TritonPuzzle;
  state: TritonState;
  /** The editor, so a runtime error's line can be gone to. */
  editor: RefObject<CodeEditorHandle | null>;
  /** Said while the kernel and the reference are timed. */
  timingText: string;
  /** The times after a pass (shown once the controller has them). */
  timings: ReactNode;
}

/**
 * A Triton run's result, announced politely: the size being checked, what ran it, a pass or
 * the first wrong element (or a runtime error, with a button to its line), then the times.
 * Shared by the puzzle pages and lesson 13's widget.
 */
export function CheckResult({ puzzle, state, editor, timingText, timings }: CheckResultProps) {
  const { errorLine } = useErrorLine(state);
  return (
    <div className="pz-result" role="status" aria-live="polite" data-result={resultKindOf(state)}>
      {state.phase === 'checking' ? (
        <p>
          Checking at {puzzle.cases[state.caseIndex]?.label ?? 'the next size'} (
          {state.caseIndex + 1} of {puzzle.cases.length})…
        </p>
      ) : null}
      {state.ranOn ? <p data-ran-on="">{state.ranOn}</p> : null}
      {state.check?.ok ? (
        <p className="pz-good" data-check="pass">
          ✓ Correct. {state.check.message}
        </p>
      ) : null}
      {state.check && !state.check.ok ? (
        <>
          <p className="pz-bad" data-check="fail">
            ✗ {state.check.message}
          </p>
          {errorLine !== null ? (
            <button type="button" onClick={() => editor.current?.goTo(errorLine, 1)}>
              Go to line {errorLine}
            </button>
          ) : null}
        </>
      ) : null}
      {state.phase === 'timing' ? <p>{timingText}</p> : null}
      {state.timing ? timings : null}
    </div>
  );
}

/** Props of the times after a pass. */
export interface MeasuredTimesProps {
  timing: TritonTiming;
  /** The two measured rows' words: the learner's kernel, and the reference. */
  labels: { yours: string; reference: string };
  /** More rows of the list (a prediction row). */
  rows?: ReactNode;
  /** What follows the list (a prediction, a note). */
  children?: ReactNode;
}

/**
 * The times after a pass: the kernel's and the reference's, both measured on what ran the check
 * (the median of several runs, each from launch to the results read back), or why none were
 * taken.
 */
export function MeasuredTimes({ timing, labels, rows, children }: MeasuredTimesProps) {
  if (!timing.ok) return <p className="pz-warn">{timing.message}</p>;
  return (
    <div className="pz-timings" data-timings="">
      <p>
        At {timing.size}, on {timing.on}, median of several runs (each from launch to the results
        read back):
      </p>
      <dl>
        <div data-time="yours" data-seconds={timing.yours}>
          <dt>{labels.yours}</dt>
          <dd>{formatSeconds(timing.yours)}</dd>
        </div>
        <div data-time="reference" data-seconds={timing.reference}>
          <dt>{labels.reference}</dt>
          <dd>{formatSeconds(timing.reference)}</dd>
        </div>
        {rows}
      </dl>
      {children}
    </div>
  );
}
