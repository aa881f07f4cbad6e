import { useEffect, useMemo, useRef } from 'react';
import { loadDraft, saveDraft } from '../store/puzzle-drafts';
import { formatSeconds } from '../format/units';
import { puzzleHeader } from '../puzzles/program';
import { describeSize, predictPuzzle } from '../puzzles/predict';
import type { Puzzle } from '../puzzles/types';
import { usePuzzleProgress } from '../store/puzzle-progress';
import { useController } from '../ui/useController';
import { PuzzleController, type PuzzleControllerDeps } from './controller';
import { CodeEditor, type CodeEditorHandle } from './editor/CodeEditor';
import { Picture } from './Picture';
import { Equivalents } from './Equivalents';
import { PredictionRow } from './Prediction';
import { CheckOutcome, progressText } from './Results';
import type { TimingResult } from './check-run';
import type { GpuStatus } from './gpu-status';
import { HintButton, OpenHints } from './Hints';
import { Prose } from './Prose';

/** Times after a pass: yours, the reference's, and the engine's prediction. */
function Timings({ puzzle, timing }: { puzzle: Puzzle; timing: TimingResult }) {
  if (!timing.ok) return <p className="pz-warn">{timing.message}</p>;
  return (
    <div className="pz-timings" data-timings="">
      <p>At the timing size ({describeSize(puzzle)}), median of several timed batches:</p>
      <dl>
        <div data-time="yours" data-seconds={timing.yours.medianSeconds}>
          <dt>Your kernel (measured)</dt>
          <dd>{formatSeconds(timing.yours.medianSeconds)}</dd>
        </div>
        <div data-time="reference" data-seconds={timing.reference.medianSeconds}>
          <dt>Reference solution (measured)</dt>
          <dd>{formatSeconds(timing.reference.medianSeconds)}</dd>
        </div>
        <PredictionRow
          selectId={`pz-gpu-${puzzle.id}`}
          predict={(gpuId) => predictPuzzle(puzzle, gpuId)}
        />
      </dl>
      <p className="pz-note">
        Measured times are{' '}
        {timing.yours.method === 'timestamp-query' ? 'GPU timestamps' : 'from submit to completion'}
        ; the prediction is the roofline model of the bytes and FLOPs the puzzle moves, for a
        well-written kernel on that GPU.
      </p>
    </div>
  );
}

/** One puzzle: statement, picture, bindings, editor, hints, checks, solution. */
export function PuzzleView({
  puzzle,
  number,
  deps,
  gpu,
}: {
  puzzle: Puzzle;
  number: number;
  deps: PuzzleControllerDeps;
  gpu: GpuStatus;
}) {
  // The learner's code comes back after a reload or a visit elsewhere (kept as they type).
  const [controller, state] = useController(
    () => new PuzzleController(puzzle, deps, loadDraft(puzzle.id) ?? puzzle.starter),
  );
  useEffect(
    () => controller.subscribe((s) => saveDraft(puzzle.id, s.code, puzzle.starter)),
    [controller, puzzle],
  );
  const solved = usePuzzleProgress((s) => Boolean(s.solved[puzzle.id]));
  const editor = useRef<CodeEditorHandle>(null);
  const errorLines = useMemo(
    () =>
      state.check?.kind === 'compile-error'
        ? state.check.diagnostics.flatMap((d) => (d.line !== null ? [d.line] : []))
        : [],
    [state.check],
  );
  const canRun = gpu.kind === 'ready' && state.phase === 'idle';
  const resultKind = state.phase !== 'idle' ? state.phase : (state.check?.kind ?? 'none');
  return (
    <article className="pz-puzzle" data-puzzle={puzzle.id} data-solved={solved ? 'yes' : 'no'}>
      <h1>
        Puzzle {number}: {puzzle.title}{' '}
        {solved ? (
          <span className="badge badge-completed" data-solved-mark="">
            ✓ Solved
          </span>
        ) : null}
      </h1>
      <p className="pz-idea">{puzzle.idea}</p>
      {puzzle.statement.map((p, i) => (
        <Prose key={i} text={p} />
      ))}
      <Picture picture={puzzle.picture} />

      <h2>Fixed bindings</h2>
      <p>
        These declarations come before your code; you cannot change them. Names starting with{' '}
        <code>gpulab_</code> are reserved for the checker.
      </p>
      <pre className="pz-header" tabIndex={0}>
        <code>{puzzleHeader(puzzle)}</code>
      </pre>
      <ul className="pz-buffers">
        {puzzle.buffers.map((b) => (
          <li key={b.name}>
            <code>{b.name}</code> ({b.role}): {b.note}
          </li>
        ))}
      </ul>

      <h2 id={`pz-code-${puzzle.id}`}>Your kernel</h2>
      <p className="pz-keys" id={`pz-keys-${puzzle.id}`}>
        Tab indents inside the editor. To leave it with the keyboard, press Escape, then Tab.
      </p>
      <CodeEditor
        text={state.code}
        label={`Your kernel for puzzle ${number}, ${puzzle.title} (WGSL). Tab indents; press Escape, then Tab, to leave.`}
        onChange={(code) => controller.setCode(code)}
        errorLines={errorLines}
        handle={editor}
      />
      <div className="pz-actions">
        <button
          type="button"
          className="primary"
          data-action="run"
          disabled={!canRun}
          onClick={() => void controller.run()}
        >
          Run and check on my GPU
        </button>
        <button type="button" data-action="reset" onClick={() => controller.reset()}>
          Back to the starter
        </button>
        <HintButton
          shown={state.hintsShown}
          total={puzzle.hints.length}
          onShow={() => controller.showHint()}
        />
      </div>
      <OpenHints hints={puzzle.hints} shown={state.hintsShown} />

      <div className="pz-result" role="status" aria-live="polite" data-result={resultKind}>
        {state.phase === 'checking' ? <p>{progressText(state.progress)}</p> : null}
        {state.check ? (
          <CheckOutcome
            check={state.check}
            caseCount={puzzle.cases.length}
            onGoTo={(line, column) => editor.current?.goTo(line, column)}
          />
        ) : null}
        {state.phase === 'timing' ? (
          <p>Timing your kernel and the reference solution at {describeSize(puzzle)}…</p>
        ) : null}
        {state.timing ? <Timings puzzle={puzzle} timing={state.timing} /> : null}
      </div>

      <h2>Checked at</h2>
      <ul className="pz-cases">
        {puzzle.cases.map((c) => (
          <li key={c.label}>{c.label}</li>
        ))}
      </ul>

      <details className="pz-solution" data-solution="">
        <summary>Reference solution</summary>
        <pre tabIndex={0}>
          <code>{puzzle.solution}</code>
        </pre>
        <button type="button" data-action="use-solution" onClick={() => controller.useSolution()}>
          Put the solution in the editor
        </button>
      </details>
      <Equivalents puzzleId={puzzle.id} />
    </article>
  );
}
