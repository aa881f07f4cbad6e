import { useId, useMemo, useRef, useState } from 'react';
import { RunActivity, RunMessages } from '../../ui/RunControls';
import { LAB_KERNELS, planKernel, type LabKernelId, type LabSize } from '../../gpu';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useElementWidth } from '../../ui/useElementWidth';
import { compare, type Comparison } from './compare';
import { KernelLabController, type KernelLabDeps } from './controller';
import {
  formatGigabytesPerSecond,
  formatGigaflopsPerSecond,
  formatSeconds,
  formatShare,
} from '../../format/units';
import { ForecastPanel } from './ForecastPanel';
import { KernelForm } from './KernelForm';
import { PredictionRecord } from './PredictionRecord';
import { catalogChoices, catalogName, catalogRoofs, predictModeled } from './model';
import { plotPoints, plotRoofs } from './plot-data';
import { readGap } from './reading';
import { ResultTable } from './ResultTable';
import { rooflineGeometry } from './roofline';
import { kernelLabRunSummary } from './run-summary';
import { RooflinePlot } from './RooflinePlot';
import { stepRows } from './matmul-steps';
import { StepsTable } from './StepsTable';
import { draftOf, parseSize, sameSize, type SizeDraft } from './draft';
import { kernelLabSchema, kernelPatch, labSizeOf, sizePatch } from './settings';
import { useController } from '../../ui/useController';
import '../../ui/status.css';
import './kernel-lab.css';
import { kernelLabFace } from './face';

/** Width used until the container is measured. */
const FALLBACK_WIDTH_PX = 640;

/** What the model predicts for the size asked for, or why the typed size is not one. */
function previewText(kernel: LabKernelId, draft: SizeDraft, size: LabSize, gpu: string): string {
  const parsed = parseSize(kernel, draft);
  if (!parsed.ok) return parsed.message;
  try {
    const plan = planKernel(kernel, size);
    const p = predictModeled(gpu, plan.descriptor);
    const bound = {
      memory: 'memory bound',
      compute: 'compute bound',
      overhead: 'launch overhead',
    };
    return `Modeled on the ${catalogName(gpu)}: ${formatSeconds(p.seconds)} (${bound[p.bound]}).`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Props of the lab: its dependencies, and settings a lesson may pass (checked, with notices). */
export interface KernelLabProps {
  deps: KernelLabDeps;
  /** A lab kernel id (`relu`, `matmul-tiled`, …). */
  kernel?: unknown;
  /** Elements or threads for count-sized kernels (0 = the kernel's default). */
  count?: unknown;
  m?: unknown;
  n?: unknown;
  k?: unknown;
  /** Catalog GPU id the model compares with. */
  gpu?: unknown;
  /** Name of this instance when the lab appears twice on a page (its URL prefix). */
  instance?: string;
}

/**
 * The kernel lab: real WebGPU kernels on the learner's GPU, each checked against a CPU reference,
 * beside the cost engine's prediction for a catalog GPU, with a roofline of both.
 */
export function KernelLab({ deps, instance, ...props }: KernelLabProps) {
  const [controller, state] = useController(() => new KernelLabController(deps));
  const settingsHandle = useWidgetState(kernelLabSchema, props, instance ? { instance } : {});
  const settings = settingsHandle.state;
  const { kernel, gpu: catalogGpu } = settings;
  const size = labSizeOf(settings);
  const [draft, setDraft] = useState<SizeDraft>(() => draftOf(size));
  const [formError, setFormError] = useState<string | null>(null);
  // Settings changed (a kernel, a preset, a link, a clamped value): the text follows them unless
  // it already reads as the same size (so "1,024" stays as typed).
  const [seen, setSeen] = useState(settings);
  if (seen !== settings) {
    setSeen(settings);
    const typed = parseSize(kernel, draft);
    if (!typed.ok || !sameSize(typed.size, size)) {
      setDraft(draftOf(size));
      setFormError(null);
    }
  }
  const plotRef = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(plotRef, FALLBACK_WIDTH_PX);
  const idPrefix = `kl-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const running = state.status === 'running';
  const preview = previewText(kernel, draft, size, catalogGpu);
  const gpuName = catalogName(catalogGpu);

  const rows: Comparison[] = useMemo(
    () => state.results.map((r) => compare(r, catalogGpu, predictModeled)),
    [state.results, catalogGpu],
  );
  const latest = rows.find((r) => r.measured.kernel === state.latest) ?? null;
  const reading = useMemo(() => {
    if (!latest) return null;
    const naive = rows.find((r) => r.measured.kernel === 'matmul-naive')?.measured;
    const tiled = rows.find((r) => r.measured.kernel === 'matmul-tiled')?.measured;
    const sameShape = naive && tiled && JSON.stringify(naive.size) === JSON.stringify(tiled.size);
    return readGap(latest, {
      catalogName: gpuName,
      isFallback: state.adapter?.isFallback ?? false,
      ...(sameShape && naive.verified && tiled.verified
        ? {
            matmulPair: {
              naiveFlopsPerSecond: naive.flopsPerSecond,
              tiledFlopsPerSecond: tiled.flopsPerSecond,
            },
          }
        : {}),
    });
  }, [latest, rows, gpuName, state.adapter]);

  const geometry = useMemo(
    () =>
      rooflineGeometry(
        plotRoofs(state.roofs, { name: gpuName, ...catalogRoofs(catalogGpu) }),
        plotPoints(rows),
      ),
    [state.roofs, gpuName, catalogGpu, rows],
  );

  const chooseKernel = (next: LabKernelId) => {
    settingsHandle.set(kernelPatch(kernel, next));
    setFormError(null);
  };
  // Typed text goes into the settings (and the link) as soon as it reads as a size.
  const editDraft = (next: SizeDraft) => {
    setDraft(next);
    setFormError(null);
    const parsed = parseSize(kernel, next);
    if (parsed.ok) settingsHandle.set(sizePatch(parsed.size));
  };
  const run = () => {
    const parsed = parseSize(kernel, draft);
    if (!parsed.ok) {
      setFormError(parsed.message);
      return;
    }
    setFormError(null);
    void controller.run({ kernel, size });
  };
  const runSteps = () => {
    const parsed = parseSize(kernel, draft);
    if (!parsed.ok) {
      setFormError(parsed.message);
      return;
    }
    setFormError(null);
    void controller.runMatmulSteps(size);
  };
  const steps = useMemo(() => stepRows(state.results, state.roofs), [state.results, state.roofs]);

  return (
    <WidgetRoot
      widget={kernelLabFace}
      status={state.status}
      settings={settingsHandle}
      runSummary={kernelLabRunSummary(state)}
    >
      <p className="widget-intro">
        Run real WebGPU kernels on your GPU. Each run warms up, times batches of at least 10 ms,
        reports the median, and checks the output against a CPU reference before any time is shown.
        Beside it, the cost model predicts the same work on a datacenter or desktop GPU. Once you
        measure this GPU’s roofs, the model also predicts each run for this device before it starts,
        and the prediction record keeps score.
      </p>
      <KernelForm
        kernel={kernel}
        draft={draft}
        catalogGpu={catalogGpu}
        catalog={catalogChoices()}
        running={running}
        onKernel={chooseKernel}
        onDraft={editDraft}
        onCatalogGpu={(id) => settingsHandle.set({ gpu: id })}
        onRun={run}
        onRoofs={() => void controller.measureRoofs()}
        onSteps={runSteps}
        onCancel={() => controller.cancel()}
      />
      <p className="kl-summary">
        <strong>{LAB_KERNELS[kernel].label}:</strong> {LAB_KERNELS[kernel].summary}{' '}
        <span className="tag-modeled">modeled</span> <span data-preview>{preview}</span>
      </p>
      {formError && (
        <p className="ui-status-error" role="alert">
          {formError}
        </p>
      )}

      {state.adapter && (
        <p className="kl-adapter" data-fallback={String(state.adapter.isFallback)}>
          WebGPU adapter: {state.adapter.description}.{' '}
          {state.adapter.isFallback &&
            'A software fallback: the “GPU” runs on your CPU cores, so expect CPU speeds. '}
          Timing:{' '}
          {state.adapter.timestampQuery
            ? 'GPU timestamps (timestamp-query).'
            : 'completion time (this device has no timestamp queries).'}
        </p>
      )}

      <RunActivity
        className="kl-activity"
        progress={
          state.activity && {
            done: Math.round(state.activity.fraction * 100),
            total: 100,
            label: 'Progress of the run',
            text: state.activity.label,
          }
        }
      />
      <ForecastPanel forecast={state.forecast} />
      <RunMessages notice={state.notice} error={state.error} />

      <ResultTable rows={rows} catalogName={gpuName} />
      {reading && (
        <p className="kl-reading" data-reading aria-live="polite">
          {reading}
        </p>
      )}
      <StepsTable rows={steps} tensorCores={state.adapter?.tensorCores ?? null} />
      {state.roofs && (
        <p className="kl-roofs" data-roofs>
          <span className="tag-measured">measured</span> Roofs of this GPU: copy kernel{' '}
          {formatGigabytesPerSecond(state.roofs.memoryBytesPerSecond)}, copyBufferToBuffer{' '}
          {formatGigabytesPerSecond(state.roofs.copyEngineBytesPerSecond)} (the kernel reaches{' '}
          {formatShare(state.roofs.memoryBytesPerSecond / state.roofs.copyEngineBytesPerSecond)} of
          it), FMA {formatGigaflopsPerSecond(state.roofs.flopsPerSecond)}
          {state.roofs.verified
            ? '; all outputs checked.'
            : '; an output did not match its reference.'}
          {state.roofs.launchOverheadSeconds !== null &&
            ` A near-empty dispatch takes ${formatSeconds(state.roofs.launchOverheadSeconds)}: the launch overhead the model of this device adds to every kernel.`}
        </p>
      )}
      <PredictionRecord
        rows={state.record}
        device={state.deviceModel}
        onClear={() => controller.clearRecord()}
      />

      <figure className="kl-plot" ref={plotRef}>
        <RooflinePlot
          geometry={geometry}
          widthPx={widthPx}
          idPrefix={idPrefix}
          title={`Roofline: this GPU (measured) and the ${gpuName} (modeled)`}
          description={
            `Attainable FLOP/s against FLOPs per byte, both on log scales. ` +
            `${state.roofs ? 'Solid lines are this GPU’s measured roofs; ' : 'Measure the roofs to draw this GPU’s; '}` +
            `the dashed line is the ${gpuName}'s modeled roof. Circles are measured kernels, ` +
            `diamonds the model's predictions; the table above lists every value.`
          }
        />
        <figcaption className="kl-legend">
          <span className="kl-key kl-key--measured">this GPU’s roofs (measured)</span>
          <span className="kl-key kl-key--reference">copyBufferToBuffer (measured)</span>
          <span className="kl-key kl-key--modeled">{gpuName} roofs (modeled)</span>
          <span className="kl-key kl-key--point-measured">kernel, measured</span>
          <span className="kl-key kl-key--point-modeled">kernel, modeled</span>
          <span className="kl-key kl-key--edge">no arithmetic: drawn at the left edge</span>
        </figcaption>
      </figure>
    </WidgetRoot>
  );
}
