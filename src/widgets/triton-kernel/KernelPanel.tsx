import { useEffect, useMemo, useRef } from 'react';
import { CodeEditor, type CodeEditorHandle } from '../../puzzle-page/editor/CodeEditor';
import type { TritonPuzzle } from '../../triton/puzzles/index';
import { TritonController, type TritonBackend } from '../../triton-page/controller';
import { CheckResult, MeasuredTimes, useErrorLine } from '../../triton-page/CheckResult';
import { describeSizes, timingSize } from '../../triton-page/timing';
import { useController } from '../../ui/useController';
import type { WidgetStatus } from '../../ui/frame/status';
import type { TritonKernelDeps } from './deps';
import { OtherWays } from './OtherWays';
import { Prediction } from './Prediction';

/** Props of the kernel view. */
export interface KernelPanelProps {
  puzzle: TritonPuzzle;
  backend: TritonBackend | null;
  deps: TritonKernelDeps;
  /** The catalog GPU the prediction is for. */
  gpuId: string;
  idBase: string;
  /** Hears the view's status (running while it checks and times). */
  onStatus(status: WidgetStatus): void;
}

/**
 * The kernel view: the puzzle's Triton reference in the course's editor, editable; Run and check
 * on the WebGPU device (through the WGSL back end) or on the interpreter, saying which ran; the
 * result as the puzzle pages show it (a pass, or the first wrong element, or a runtime error's
 * line with a button to go there); the times measured beside the cost engine's prediction; and
 * the same kernel in CUDA C++ and WGSL.
 */
export function KernelPanel({ puzzle, backend, deps, gpuId, idBase, onStatus }: KernelPanelProps) {
  const [controller, state] = useController(
    () => new TritonController(puzzle, deps, puzzle.solution),
  );
  const running = state.phase !== 'idle';
  const ran = state.check !== null;
  useEffect(() => onStatus(running ? 'running' : ran ? 'done' : 'idle'), [onStatus, running, ran]);
  const editor = useRef<CodeEditorHandle>(null);
  const { errorLines } = useErrorLine(state);
  const size = useMemo(() => timingSize(puzzle), [puzzle]);
  const prediction = useMemo(() => deps.predict(puzzle, gpuId, size), [deps, puzzle, gpuId, size]);
  const working = useMemo(
    () => ({
      prediction: deps.predict(puzzle, gpuId, puzzle.workingSize),
      sizeText: describeSizes(puzzle.workingSize),
    }),
    [deps, puzzle, gpuId],
  );
  const runLabel =
    backend?.kind === 'webgpu' ? 'Run and check on WebGPU' : 'Run and check on the interpreter';
  return (
    <div className="tk-kernel">
      <p className="pz-keys" id={`${idBase}-keys`}>
        The kernel is editable. Tab indents inside the editor; to leave it with the keyboard, press
        Escape, then Tab.
      </p>
      <CodeEditor
        text={state.code}
        label={`The Triton kernel of ${puzzle.title} (Python), editable. Tab indents; press Escape, then Tab, to leave.`}
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
          disabled={backend === null || running}
          onClick={() => {
            if (backend) void controller.run(backend);
          }}
        >
          {runLabel}
        </button>
        <button type="button" data-action="use-solution" onClick={() => controller.useSolution()}>
          Back to the reference kernel
        </button>
      </div>
      <CheckResult
        puzzle={puzzle}
        state={state}
        editor={editor}
        timingText="Timing this kernel and the puzzle’s reference…"
        timings={
          state.timing ? (
            <MeasuredTimes
              timing={state.timing}
              labels={{
                yours: 'This kernel (measured)',
                reference: 'The puzzle’s reference (measured)',
              }}
            >
              <Prediction
                prediction={prediction}
                sizeText={describeSizes(size)}
                working={working}
              />
            </MeasuredTimes>
          ) : null
        }
      />
      {state.timing ? null : (
        <Prediction prediction={prediction} sizeText={describeSizes(size)} working={working} />
      )}
      <OtherWays tritonId={puzzle.id} idBase={idBase} />
    </div>
  );
}
