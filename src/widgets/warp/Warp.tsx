import { getGpu } from '../../engine/catalog';
import { RunActivity, RunButtons, RunMessages } from '../../ui/RunControls';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useController } from '../../ui/useController';
import { BanksPanel } from './BanksPanel';
import { CoalescingPanel } from './CoalescingPanel';
import { WarpController, type WarpDeps } from './controller';
import { DivergencePanel } from './DivergencePanel';
import { LaneStepper } from './LaneStepper';
import { LatencyPanel } from './LatencyPanel';
import { warpSchema } from './settings';
import '../../ui/data-table.css';
import '../../ui/field.css';
import '../../ui/status.css';
import './warp.css';
import { warpFace } from './face';

/** Props of the warp view: its dependencies, and settings a lesson may pass (checked). */
export interface WarpProps {
  deps: WarpDeps;
  step?: unknown;
  branch?: unknown;
  stride?: unknown;
  bankStride?: unknown;
  pad?: unknown;
  gpuId?: unknown;
  laneBytes?: unknown;
  /** Name of this instance when the view appears twice on a page (its URL prefix). */
  instance?: string;
}

/** What a software adapter's curves do and do not show. */
export const SOFTWARE_ADAPTER_TEXT =
  'This is a software (fallback) adapter: the "GPU" is your CPU cores running an emulator ' +
  '(SwiftShader). Its loads go through the CPU’s caches, not a GPU’s 32-byte DRAM sectors, ' +
  'and its lanes are not 32-wide warps, so these curves do not show sectors or warp ' +
  'divergence. They are real measurements of this machine all the same; the counts above are ' +
  'what an NVIDIA GPU does.';

/**
 * The warp view: 32 lanes stepping through a short kernel, a load's sectors at a stride, a
 * branch's masks and SIMT efficiency, shared-memory bank conflicts, latency hiding from the
 * catalog, and the strided read and the branch measured on the learner's GPU.
 */
export function Warp({ deps, instance, ...props }: WarpProps) {
  const [controller, state] = useController(() => new WarpController(deps));
  const handle = useWidgetState(warpSchema, props, instance ? { instance } : {});
  const { step, branch, stride, bankStride, pad, gpuId, laneBytes } = handle.state;
  const running = state.status === 'running';
  return (
    <WidgetRoot widget={warpFace} status={state.status} settings={handle}>
      <p className="widget-intro">
        A warp is 32 lanes that issue one instruction at a time together. Step through a short
        kernel, then see what that means for loads from memory, for branches, for shared memory, and
        for how many warps an SM needs.
      </p>
      <LaneStepper kind={branch} step={step} onStep={(s) => handle.set({ step: s })} />
      <CoalescingPanel
        stride={stride}
        onStride={(s) => handle.set({ stride: s })}
        readings={state.strides}
        gpuId={gpuId}
        gpuName={getGpu(gpuId).name}
      />
      <DivergencePanel
        kind={branch}
        onKind={(k) => handle.set({ branch: k, step: 0 })}
        readings={state.branches}
      />
      <section className="warp-panel" data-panel="measure" aria-label="Measure on my GPU">
        <div className="warp-actions">
          <RunButtons
            running={running}
            runLabel={state.status === 'done' ? 'Measure again' : 'Measure on my GPU'}
            onRun={() => void controller.run()}
            onCancel={() => controller.cancel()}
          />
        </div>
        <RunActivity
          progress={
            state.progress && {
              ...state.progress,
              label: 'Launches measured',
              text: `${state.progress.done} of ${state.progress.total} launches measured and checked`,
            }
          }
        />
        {state.unavailable ? <p data-unavailable>{state.unavailable}</p> : null}
        {state.adapter ? (
          <p data-adapter data-fallback={String(state.adapter.fallback)}>
            WebGPU adapter: {state.adapter.description}.
            {state.counts
              ? ` Each strided launch makes ${state.counts.strided.toLocaleString('en-US')} reads; each branch launch runs ${state.counts.branch.toLocaleString('en-US')} invocations. Every output was checked against the CPU before its time is shown.`
              : ''}
          </p>
        ) : null}
        {state.adapter?.fallback ? (
          <p className="warp-fallback" data-fallback-note>
            <span className="tag-measured">measured</span> {SOFTWARE_ADAPTER_TEXT}
          </p>
        ) : null}
        <RunMessages notice={state.notice} error={state.error} />
      </section>
      <BanksPanel stride={bankStride} pad={pad} onChange={(patch) => handle.set(patch)} />
      <LatencyPanel gpuId={gpuId} laneBytes={laneBytes} onChange={(patch) => handle.set(patch)} />
    </WidgetRoot>
  );
}
