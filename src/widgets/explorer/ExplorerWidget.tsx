import { memo, useEffect, useId } from 'react';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { explorerSchema } from './settings';
import { createBrowserExplorerDeps } from './browser-deps';
import { GpuCanvas } from './GpuCanvas';
import { HardwarePicker } from './HardwarePicker';
import { KernelPicker } from './KernelPicker';
import { MeasurePanel } from './MeasurePanel';
import { ModelReadout } from './ModelReadout';
import { PlaybackControls } from './PlaybackControls';
import { waveSummary } from './summary';
import { TotalsTable } from './TotalsTable';
import { useController } from '../../ui/useController';
import { ExplorerController, type ExplorerDeps } from './controller';
import './explorer.css';
import { explorerFace } from './face';

// While a kernel plays the state changes every frame; these parts do not depend on playback,
// so they skip those renders (their props keep their identity between frames).
const SettledHardwarePicker = memo(HardwarePicker);
const SettledKernelPicker = memo(KernelPicker);
const SettledTotalsTable = memo(TotalsTable);

/** Props a lesson may pass; anything invalid is corrected with a visible message. */
export interface ExplorerProps {
  /** Catalog GPU id to start with (default `a100-sxm-80gb`). */
  gpu?: unknown;
  /** Elements the kernel processes (default 524,288, a (1024, 512) tensor). */
  elements?: unknown;
  /** Threads per block (default 64). */
  threadsPerBlock?: unknown;
  /** 'one-per-core' (default) or 'resident'. */
  residency?: unknown;
  /** Name of this instance when the explorer appears twice on a page (its URL prefix). */
  instance?: string;
  /** Dependencies; tests pass fakes, lessons leave it out. */
  deps?: ExplorerDeps;
}

/**
 * The SM/core explorer: a catalog GPU or hand-set SMs and cores, its totals, every SM and core
 * drawn on a canvas (zoomable to one SM), an elementwise kernel played wave by wave with the
 * cost engine's wave count and time, and the same kernel measured on the learner's GPU.
 */
export default function ExplorerWidget({
  gpu,
  elements,
  threadsPerBlock,
  residency,
  instance,
  deps,
}: ExplorerProps) {
  const settingsHandle = useWidgetState(
    explorerSchema,
    { gpuId: gpu, elements, threadsPerBlock, residency },
    instance ? { instance } : {},
  );
  const settings = settingsHandle.state;
  const [controller, state] = useController(
    () => new ExplorerController(deps ?? createBrowserExplorerDeps(), settingsHandle.state),
  );
  // The settings live in the hook (and the URL); the controller keeps playback and measurement.
  useEffect(() => controller.configure(settings), [controller, settings]);
  const idBase = `explorer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const summary = waveSummary(state.hardware, state.plan, state.playback);
  const playing = state.playback.phase === 'playing';

  return (
    <WidgetRoot widget={explorerFace} status={state.status} settings={settingsHandle}>
      <p className="widget-intro">
        Pick a GPU or set its SMs and cores yourself, then play a ReLU kernel over it: threads are
        grouped into warps of 32 and blocks, and blocks go to the SMs in waves.
      </p>
      <div className="explorer-settings">
        <SettledHardwarePicker settings={settings} set={settingsHandle.set} idBase={idBase} />
        <SettledKernelPicker settings={settings} set={settingsHandle.set} idBase={idBase} />
      </div>
      <SettledTotalsTable hardware={state.hardware} idBase={idBase} />
      <PlaybackControls state={state} controller={controller} idBase={idBase} />
      <p className="explorer-summary" data-summary data-wave={state.playback.position}>
        {summary}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {playing ? '' : summary}
      </p>
      <GpuCanvas state={state} controller={controller} idBase={idBase} />
      <ul className="explorer-legend" aria-label="Legend">
        <li>
          <span className="swatch swatch-busy" aria-hidden="true" /> core running a thread
        </li>
        <li>
          <span className="swatch swatch-idle" aria-hidden="true" /> idle core
        </li>
        {state.hardware.tensorCores > 0 && (
          <li>
            <span className="swatch swatch-tensor" aria-hidden="true" /> tensor cores (idle: ReLU is
            not a matrix multiply)
          </li>
        )}
        <li>
          <span className="swatch swatch-progress" aria-hidden="true" /> progress through the wave
        </li>
      </ul>
      <ModelReadout state={state} />
      <MeasurePanel state={state} controller={controller} idBase={idBase} />
    </WidgetRoot>
  );
}
