import { useEffect, useRef } from 'react';
import { formatSeconds } from '../format/units';
import { CodeEditor, type CodeEditorHandle } from '../puzzle-page/editor/CodeEditor';
import { PredictionRow } from '../puzzle-page/Prediction';
import { HintButton, OpenHints } from '../puzzle-page/Hints';
import { Prose } from '../puzzle-page/Prose';
import { predictTritonPuzzle } from '../puzzles/predict';
import { loadDraft, saveDraft } from '../store/puzzle-drafts';
import { tritonMarkId, usePuzzleProgress } from '../store/puzzle-progress';
import type { TritonPuzzle } from '../triton/puzzles/types';
import { useController } from '../ui/useController';
import { CheckResult, MeasuredTimes, useErrorLine } from './CheckResult';
import { TritonController, type TritonBackend, type TritonTiming } from './controller';
import type { TritonPageDeps } from './deps';
import { TritonFigure } from './Figure';
import { describeSizes, timingSize } from './timing';

/** The engine's time at the puzzle's working size, a size far past the checked ones. */
function WorkingSize({ puzzle, gpuId }: { puzzle: TritonPuzzle; gpuId: string }) {
  const prediction = predictTritonPuzzle(puzzle, gpuId, puzzle.workingSize);
  if (!prediction.ok) return null;
  return (
    <span className="pz-working" data-working-seconds={prediction.seconds}>
      ; at {describeSizes(puzzle.workingSize)}: {formatSeconds(prediction.seconds)} (
      {prediction.bound} bound)
    </span>
  );
}

/**
 * Times after a pass: the learner's kernel beside the reference solution's, both measured, and
 * the cost engine's time for the same work on a GPU it models.
 */
function Timings({ puzzle, timing }: { puzzle: TritonPuzzle; timing: TritonTiming }) {
  return (
    <MeasuredTimes
      timing={timing}
      labels={{ yours: 'Your kernel (measured)', reference: 'Reference solution (measured)' }}
      rows={
        <PredictionRow
          selectId={`tr-gpu-${puzzle.id}`}
          predict={(gpuId) => predictTritonPuzzle(puzzle, gpuId, timingSize(puzzle))}
          more={(gpuId) => <WorkingSize puzzle={puzzle} gpuId={gpuId} />}
        />
      }
    >
      <p className="pz-note">
        The prediction is the roofline model of the bytes and FLOPs this kernel must move, for a
        well-written kernel launched from PyTorch on that GPU, with an fp32 <code>tl.dot</code>{' '}
        priced as tf32 (Triton’s default there). At the checked sizes a real GPU spends its time
        launching the kernel; the working size shows what bounds it once the data is large.
      </p>
    </MeasuredTimes>
  );
}

/** One Triton puzzle: statement, figure, launch, editor, hints, check, reference solution. */
export function TritonView({
  puzzle,
  number,
  deps,
  backend,
}: {
  puzzle: TritonPuzzle;
  number: number;
  deps: TritonPageDeps;
  /** What runs checks; null while the page is still asking for a GPU. */
  backend: TritonBackend | null;
}) {
  const draftId = tritonMarkId(puzzle.id);
  const [controller, state] = useController(
    () => new TritonController(puzzle, deps, loadDraft(draftId) ?? puzzle.starter),
  );
  useEffect(
    () => controller.subscribe((s) => saveDraft(draftId, s.code, puzzle.starter)),
    [controller, puzzle, draftId],
  );
  const solved = usePuzzleProgress((s) => Boolean(s.solved[draftId]));
  const editor = useRef<CodeEditorHandle>(null);
  const { errorLines } = useErrorLine(state);
  const canRun = backend !== null && state.phase === 'idle';
  const runLabel =
    backend?.kind === 'webgpu' ? 'Run and check on WebGPU' : 'Run and check on the interpreter';
  return (
    <article className="pz-puzzle" data-triton={puzzle.id} data-solved={solved ? 'yes' : 'no'}>
      <h1>
        Triton puzzle {number}: {puzzle.title}{' '}
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
      <TritonFigure puzzle={puzzle} />

      <h2>The launch</h2>
      <p>
        The checker launches your kernel as <code>kernel[grid](…)</code> with this grid, these block
        sizes (passed by keyword) and these arguments, in order:
      </p>
      <pre className="pz-header" tabIndex={0}>
        <code>
          {`grid = ${puzzle.launch.grid}\n`}
          {Object.entries(puzzle.launch.constexprs)
            .map(([k, v]) => `${k} = ${v}`)
            .join(', ')}
        </code>
      </pre>
      <ul className="pz-buffers">
        {puzzle.launch.args.map((a) => (
          <li key={a.name}>
            <code>{a.name}</code> ({a.shape}, {a.role}): {a.note}
          </li>
        ))}
      </ul>

      <h2>Your kernel</h2>
      <p className="pz-keys">
        Tab indents inside the editor. To leave it with the keyboard, press Escape, then Tab.
      </p>
      <CodeEditor
        text={state.code}
        label={`Your kernel for Triton puzzle ${number}, ${puzzle.title} (Python). Tab indents; press Escape, then Tab, to leave.`}
        onChange={(code) => controller.setCode(code)}
        errorLines={errorLines}
        handle={editor}
        language="python"
      />
      <div className="pz-actions">
        <button
          type="button"
          className="primary"
          data-action="run"
          disabled={!canRun}
          onClick={() => {
            if (backend) void controller.run(backend);
          }}
        >
          {runLabel}
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

      <CheckResult
        puzzle={puzzle}
        state={state}
        editor={editor}
        timingText="Timing your kernel and the reference solution…"
        timings={state.timing ? <Timings puzzle={puzzle} timing={state.timing} /> : null}
      />

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
    </article>
  );
}
