import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { formatCount, formatSeconds } from '../../format/units';
import { useWidgetState, type SettingsPatch } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { PrintModelPanel } from '../../ui/print-model/PrintModelPanel';
import { usePrintedModel } from '../../ui/print-model/usePrintedModel';
import { useController } from '../../ui/useController';
import { CheckSetting, SelectSetting, settingBinder } from '../../ui/field';
import { PRINT_NETWORK } from '../../network-step';
import type { ProfileResult } from './analysis';
import { createBrowserProfileDeps, type NetworkProfileDeps } from './browser-deps';
import { NetworkProfileController } from './controller';
import { HostPanel } from './HostPanel';
import { stepName } from './labels';
import { ProfileInputs } from './ProfileInputs';
import { ProfileTable } from './ProfileTable';
import { sortByTime, groupByKind, tableRows } from './profile';
import { SerialPanel } from './SerialPanel';
import { networkProfileSchema, rowLimitOf, type NetworkProfileSettings } from './settings';
import { SweepPanel } from './SweepPanel';
import { TopBars } from './TopBars';
import '../../ui/inputs.css';
import './network-profile.css';
import { networkProfileFace } from './face';

/** Props a lesson may pass; anything invalid is corrected with a visible notice. */
export interface NetworkProfileProps {
  /** Zoo network id, or "print" for a pasted print(model) (default resnet50). */
  network?: unknown;
  /** Catalog GPU id (default a100-sxm-80gb). */
  gpu?: unknown;
  /** "train" (default) or "inference". */
  mode?: unknown;
  batch?: unknown;
  /** Sequence length or LSTM time steps (0 or left out: the network's own). */
  seq?: unknown;
  /** fp32, tf32, amp-fp16 or amp-bf16 (default). */
  precision?: unknown;
  /** sgd, adam or adamw (default). */
  optimizer?: unknown;
  /** eager (default), compiled, cuda-graphs (eager captured) or reduce-overhead. */
  execution?: unknown;
  /** The optimizer built with fused=True (default false). */
  fused?: unknown;
  /** The host's time per tiny eager op, in µs (default 8.49, the H200 machine's). */
  hostOpMicroseconds?: unknown;
  /** Group layers of the same kind (default true). */
  grouped?: unknown;
  /** Rows listed: "10" (default), "25" or "all". */
  rows?: unknown;
  /** Name of this instance when the profile appears twice on a page. */
  instance?: string;
  /** Dependencies; tests pass fakes, lessons leave it out. */
  deps?: NetworkProfileDeps;
}

/** The one-sentence answer above the chart. */
function summaryText(result: ProfileResult): string {
  const { summary, request } = result;
  const pace =
    summary.pace === 'gpu'
      ? `The GPU sets the pace: its kernels run ${formatSeconds(summary.gpuSeconds)} while the host needs ${formatSeconds(summary.hostSeconds)} to launch all ${formatCount(summary.kernels)} of them.`
      : `The host sets the pace: launching ${formatCount(summary.kernels)} kernels takes ${formatSeconds(summary.hostSeconds)}, longer than the ${formatSeconds(summary.gpuSeconds)} the GPU needs to run them.`;
  const seq =
    request.seq === undefined
      ? ''
      : result.serial
        ? ` over ${formatCount(request.seq)} time steps`
        : ` and sequence length ${formatCount(request.seq)}`;
  return `One ${stepName(request.mode)} of ${result.networkName} at batch ${formatCount(request.batch)}${seq} on the ${result.gpuName} takes ${formatSeconds(summary.seconds)}. ${pace}`;
}

/** The view controls: grouped or layer by layer, and how many rows. */
function ViewControls(props: {
  settings: NetworkProfileSettings;
  set(patch: SettingsPatch<NetworkProfileSettings>): void;
  idBase: string;
}) {
  const { fields } = networkProfileSchema;
  const bind = settingBinder({ fields, ...props, className: 'ui-input np-field np-inline' });
  return (
    <div className="np-view" role="group" aria-label="Table view">
      <CheckSetting {...bind('grouped')} labelClassName="np-check" />
      <SelectSetting {...bind('rows')} as="span" text={(r) => (r === 'all' ? 'all' : `top ${r}`)} />
    </div>
  );
}

/** What the profile shows for an answered step. */
function ProfileResultView(props: {
  result: ProfileResult;
  settings: NetworkProfileSettings;
  set(patch: SettingsPatch<NetworkProfileSettings>): void;
  idBase: string;
  /** The host and GPU panel, shown after the summary. */
  hostPanel: ReactNode;
}) {
  const { result, settings, set, idBase, hostPanel } = props;
  const { summary } = result;
  const grouped = settings.grouped;
  const all = useMemo(
    () => sortByTime(grouped ? groupByKind(result.rows, summary.seconds) : result.rows),
    [result, grouped, summary.seconds],
  );
  const rows = tableRows(result.rows, summary.seconds, grouped, rowLimitOf(settings.rows));
  const stepLabel = `One ${stepName(result.request.mode)} of ${result.networkName} on the ${result.gpuName}`;
  return (
    <>
      <p className="np-summary" data-summary>
        {summaryText(result)}
      </p>
      {!result.fits && (
        <p className="np-hint" data-no-fit>
          This step would not fit in the GPU&apos;s memory (lesson 5&apos;s simulator shows why);
          its time is modeled as if it did.
        </p>
      )}
      {hostPanel}
      <ViewControls settings={settings} set={set} idBase={idBase} />
      <TopBars
        rows={all}
        idBase={idBase}
        title={`Where the time goes: the ${Math.min(all.length, 8)} longest ${grouped ? 'kinds of layer' : 'layers'}`}
      />
      <ProfileTable
        rows={rows}
        totalRows={all.length}
        grouped={grouped}
        stepLabel={stepLabel}
        idleSeconds={summary.idleSeconds}
        idleShare={summary.seconds > 0 ? summary.idleSeconds / summary.seconds : 0}
        idBase={idBase}
      />
      {result.serial && <SerialPanel report={result.serial} idBase={idBase} />}
      {result.sweep && (
        <SweepPanel sweep={result.sweep} networkName={result.networkName} idBase={idBase} />
      )}
    </>
  );
}

/**
 * Where the time goes: a zoo network's step on a catalog GPU, layer by layer or grouped by kind,
 * as a profiler's table sorted by time and a bar chart of the longest rows, each row's bound, the
 * LSTM's serial loop and attention's growth with sequence length. All modeled by the cost engine.
 */
export default function NetworkProfile({ instance, deps, ...props }: NetworkProfileProps) {
  const handle = useWidgetState(networkProfileSchema, props, instance ? { instance } : {});
  const [controller, state] = useController(
    () => new NetworkProfileController(deps ?? createBrowserProfileDeps(), handle.state),
  );
  useEffect(() => controller.configure(handle.state), [controller, handle.state]);
  const printed = usePrintedModel(controller.printModel, handle.state.mode);
  const read = printed.result;
  const printedNetwork = useMemo(
    () => (read ? { name: read.model, layers: read.layers } : null),
    [read],
  );
  useEffect(() => controller.setPrinted(printedNetwork), [controller, printedNetwork]);
  const idBase = `np-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const analysis = state.analysis;
  const hostPanel = (
    <HostPanel
      result={analysis.kind === 'result' ? analysis : null}
      settings={handle.state}
      set={handle.set}
      idBase={idBase}
    />
  );

  return (
    <WidgetRoot widget={networkProfileFace} status={state.status} settings={handle}>
      <p className="widget-intro">
        A profiler&apos;s table for a whole network, without a GPU: pick a network, a GPU and a
        step, see whether the host (Python and PyTorch&apos;s dispatcher) or the GPU sets the pace,
        and see each layer&apos;s FLOPs, bytes moved and time, sorted by time, and what limits it.
        Every number here is <span className="tag-modeled">modeled</span> by the course&apos;s cost
        engine from the layers&apos; shapes and the GPU&apos;s catalog figures, not measured.
      </p>
      <ProfileInputs
        settings={handle.state}
        set={handle.set}
        engine={controller.engine}
        idBase={idBase}
      />
      {handle.state.network === PRINT_NETWORK && (
        <PrintModelPanel printed={printed} idBase={idBase} />
      )}
      {analysis.kind === 'problem' ? (
        <>
          {analysis.cause === 'awaiting' ? (
            <p className="np-awaiting" role="status" data-problem={analysis.cause}>
              {`Nothing to profile yet: ${analysis.message}`}
            </p>
          ) : (
            <p className="np-problem" role="alert" data-problem={analysis.cause}>
              {`No profile for these settings: ${analysis.message}`}
            </p>
          )}
          {hostPanel}
        </>
      ) : (
        <ProfileResultView
          result={analysis}
          settings={handle.state}
          set={handle.set}
          idBase={idBase}
          hostPanel={hostPanel}
        />
      )}
      <p className="np-hint np-note">
        How the model times a layer: each kernel takes the longer of its arithmetic (FLOPs at the
        GPU&apos;s achievable rate) and its memory traffic (bytes at the achievable bandwidth), plus
        a short gap before the next kernel; a layer is <em>launch-overhead</em> bound when those
        gaps outweigh its work. <em>Calls</em> counts layers, each run once per step, with its
        backward kernels added to its forward ones (a real profiler lists the backward operators as
        rows of their own). Meanwhile the host runs the Python and the dispatcher that launch every
        kernel, each eager op costing a multiple of the host&apos;s time per op, and a step takes
        the longer of the two. A real profile of the same step will differ: fused kernels,
        cuDNN&apos;s algorithm choices and memory effects are not in it.
      </p>
    </WidgetRoot>
  );
}
