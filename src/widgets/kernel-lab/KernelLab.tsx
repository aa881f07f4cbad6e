import { useId, useMemo, useRef, useState } from 'react';
import { labPlan, LAB_KERNELS, type LabKernelId } from '../../gpu';
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION } from '../../gpu';
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
import { KernelForm } from './KernelForm';
import {
  catalogChoices,
  catalogName,
  catalogRoofs,
  DEFAULT_CATALOG_GPU,
  predictModeled,
} from './model';
import { plotPoints, plotRoofs } from './plot-data';
import { readGap } from './reading';
import { ResultTable } from './ResultTable';
import { rooflineGeometry } from './roofline';
import { RooflinePlot } from './RooflinePlot';
import { DEFAULT_SIZES, draftOf, parseSize, type SizeDraft } from './settings';
import { useController } from '../../ui/useController';
import './kernel-lab.css';

/** Width used until the container is measured. */
const FALLBACK_WIDTH_PX = 640;

/** What the model predicts for the kernel and size in the form, before anything runs. */
function usePreview(kernel: LabKernelId, draft: SizeDraft, catalogGpu: string): string {
  return useMemo(() => {
    const parsed = parseSize(kernel, draft);
    if (!parsed.ok) return parsed.message;
    try {
      const plan = labPlan(kernel, parsed.size, DEFAULT_MAX_WORKGROUPS_PER_DIMENSION);
      const p = predictModeled(catalogGpu, plan.descriptor);
      const bound = {
        memory: 'memory bound',
        compute: 'compute bound',
        overhead: 'launch overhead',
      };
      return `Modeled on the ${catalogName(catalogGpu)}: ${formatSeconds(p.seconds)} (${bound[p.bound]}).`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }, [kernel, draft, catalogGpu]);
}

/**
 * The kernel lab: real WebGPU kernels on the learner's GPU, each checked against a CPU reference,
 * beside the cost engine's prediction for a catalog GPU, with a roofline of both.
 */
export function KernelLab({ deps }: { deps: KernelLabDeps }) {
  const [controller, state] = useController(() => new KernelLabController(deps));
  const [kernel, setKernel] = useState<LabKernelId>('relu');
  const [draft, setDraft] = useState<SizeDraft>(() => draftOf(DEFAULT_SIZES.relu));
  const [catalogGpu, setCatalogGpu] = useState(DEFAULT_CATALOG_GPU);
  const [formError, setFormError] = useState<string | null>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(plotRef, FALLBACK_WIDTH_PX);
  const idPrefix = `kl-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const running = state.status === 'running';
  const preview = usePreview(kernel, draft, catalogGpu);
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
    setKernel(next);
    const sameKind = LAB_KERNELS[next].sizeKind === LAB_KERNELS[kernel].sizeKind;
    if (!sameKind) setDraft(draftOf(DEFAULT_SIZES[next]));
    setFormError(null);
  };
  const run = () => {
    const parsed = parseSize(kernel, draft);
    if (!parsed.ok) {
      setFormError(parsed.message);
      return;
    }
    setFormError(null);
    void controller.run({ kernel, size: parsed.size });
  };

  return (
    <WidgetRoot id="kernel-lab" status={state.status} label="Kernel lab" className="kl">
      <h3 className="widget-title">Kernel lab</h3>
      <p className="widget-intro">
        Run real WebGPU kernels on your GPU. Each run warms up, times batches of at least 10 ms,
        reports the median, and checks the output against a CPU reference before any time is shown.
        Beside it, the cost model predicts the same work on a datacenter or desktop GPU.
      </p>
      <KernelForm
        kernel={kernel}
        draft={draft}
        catalogGpu={catalogGpu}
        catalog={catalogChoices()}
        running={running}
        onKernel={chooseKernel}
        onDraft={(d) => {
          setDraft(d);
          setFormError(null);
        }}
        onCatalogGpu={setCatalogGpu}
        onRun={run}
        onRoofs={() => void controller.measureRoofs()}
        onCancel={() => controller.cancel()}
      />
      <p className="kl-summary">
        <strong>{LAB_KERNELS[kernel].label}:</strong> {LAB_KERNELS[kernel].summary}{' '}
        <span className="tag-modeled">modeled</span> <span data-preview>{preview}</span>
      </p>
      {formError && (
        <p className="kl-form-error" role="alert">
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

      <div className="kl-activity" aria-live="polite">
        {state.activity && (
          <>
            <progress
              max={100}
              value={Math.round(state.activity.fraction * 100)}
              aria-label="Progress of the run"
            />
            <span>{state.activity.label}</span>
          </>
        )}
      </div>
      {state.notice && (
        <p className="kl-notice" role="status" data-notice>
          {state.notice}
        </p>
      )}
      {state.error && (
        <p className="kl-error" role="alert" data-error>
          {state.error}
        </p>
      )}

      <ResultTable rows={rows} catalogName={gpuName} />
      {reading && (
        <p className="kl-reading" data-reading aria-live="polite">
          {reading}
        </p>
      )}
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
        </p>
      )}

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
