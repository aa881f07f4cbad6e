import { useCallback, useId, useState } from 'react';
import { findTritonPuzzle } from '../../triton/puzzles/index';
import { describeTritonBackend, useTritonBackend } from '../../triton-page/useBackend';
import { useWidgetState } from '../../state/useWidgetState';
import { SelectSetting, settingBinder } from '../../ui/field';
import type { WidgetStatus } from '../../ui/frame/status';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { GpuPicker } from '../../ui/GpuPicker';
import { AutotunePanel } from './AutotunePanel';
import { browserTritonKernelDeps } from './browser-deps';
import type { TritonKernelDeps } from './deps';
import { tritonKernelFace } from './face';
import { KernelPanel } from './KernelPanel';
import { tritonKernelSchema, type TritonKernelView } from './settings';
import '../../ui/panel.css';
import '../../ui/inputs.css';
import '../../puzzle-page/puzzles.css';
import './triton-kernel.css';

/** Props a lesson may pass; anything invalid is corrected with a visible notice. */
export interface TritonKernelProps {
  /** A Triton puzzle id (default fused-softmax). */
  puzzle?: unknown;
  /** "kernel" (default: the kernel, run, and in CUDA C++ and WGSL) or "autotune". */
  view?: unknown;
  /** Catalog GPU id of the prediction (default h100-sxm). */
  gpu?: unknown;
  /** Name of this instance when the widget appears twice on a page. */
  instance?: string;
  /** Dependencies; tests pass fakes, lessons leave it out. */
  deps?: TritonKernelDeps;
}

/** Each view as the picker shows it. */
const VIEW_TEXT: Readonly<Record<TritonKernelView, string>> = {
  kernel: 'The kernel, three ways',
  autotune: 'Autotune its configs',
};

/**
 * A Triton puzzle's reference kernel, as PyTorch users write kernels: editable and run here
 * (on the WebGPU device through the WGSL back end, or on the interpreter), checked and timed
 * beside the cost engine's prediction, with the same kernel in CUDA C++ and WGSL; or an autotune
 * of its block sizes and warps on the learner's device.
 */
export default function TritonKernel({ instance, deps, ...props }: TritonKernelProps) {
  const handle = useWidgetState(tritonKernelSchema, props, instance ? { instance } : {});
  const [widgetDeps] = useState(() => deps ?? browserTritonKernelDeps);
  const backend = useTritonBackend(widgetDeps);
  const [status, setStatus] = useState<WidgetStatus>('idle');
  const onStatus = useCallback((s: WidgetStatus) => setStatus(s), []);
  const idBase = `tk-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { state, set } = handle;
  const puzzle = findTritonPuzzle(state.puzzle)!;
  const bind = settingBinder({
    fields: tritonKernelSchema.fields,
    settings: state,
    set,
    idBase,
    className: 'ui-input tk-field',
  });
  const panelKey = `${state.view}:${puzzle.id}`;
  const panelProps = { puzzle, backend, deps: widgetDeps, gpuId: state.gpu, idBase, onStatus };
  return (
    <WidgetRoot widget={tritonKernelFace} status={status} settings={handle}>
      <p className="widget-intro">
        A kernel as PyTorch users write one: in Triton, one program per block of data. It runs here
        for real and is checked against a CPU reference; its time is{' '}
        <span className="tag-measured">measured</span> on what ran it, beside the cost engine’s{' '}
        <span className="tag-modeled">modeled</span> time on a catalog GPU.
      </p>
      <fieldset className="ui-inputs tk-inputs">
        <legend className="visually-hidden">The kernel and the view</legend>
        <SelectSetting {...bind('puzzle')} text={(id) => findTritonPuzzle(id)?.title ?? id} />
        <SelectSetting {...bind('view')} text={(v) => VIEW_TEXT[v]} />
        <div className="ui-input tk-field">
          <GpuPicker
            field={tritonKernelSchema.fields.gpu}
            value={state.gpu}
            onChange={(gpu) => set({ gpu })}
          />
        </div>
      </fieldset>
      <p
        className={`pz-gpu tk-backend pz-gpu-${backend === null ? 'checking' : backend.kind === 'webgpu' ? 'ready' : 'none'}`}
        data-backend={backend?.kind ?? 'checking'}
        data-fallback={backend?.kind === 'webgpu' && backend.fallback ? 'true' : undefined}
        role="status"
      >
        {describeTritonBackend(backend)}
      </p>
      {state.view === 'autotune' ? (
        <AutotunePanel key={panelKey} {...panelProps} />
      ) : (
        <KernelPanel key={panelKey} {...panelProps} />
      )}
    </WidgetRoot>
  );
}
