import { useId, useMemo, useRef } from 'react';
import { RunButtons } from '../../ui/RunControls';
import { formatBytesBinary } from '../../format/units';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { crossoverRunSummary } from './run-summary';
import { useController } from '../../ui/useController';
import { useElementWidth } from '../../ui/useElementWidth';
import { CrossoverController } from './controller';
import { CrossoverPlot } from './CrossoverPlot';
import { CrossoverTable } from './CrossoverTable';
import { catalogGpuChoices, modelCurves, modelPoint, type ModeledPoint } from './model';
import { crossoverPlotData } from './plot-data';
import { measuredCrossover, readMeasured, readModeled } from './reading';
import {
  CROSSOVER_OPS,
  crossoverSchema,
  MATMUL_MAX_CHOICES,
  MAX_ELEMENTS_LOG2,
  MIN_ELEMENTS_LOG2,
  type Op,
} from './settings';
import { planSweep } from './sweep';
import type { CrossoverDeps } from './types';
import './crossover.css';
import { crossoverFace } from './face';
import { CheckSetting, fieldLabel, SelectSetting } from '../../ui/field';

/** Width used until the container is measured. */
const FALLBACK_WIDTH_PX = 640;

const OP_LABELS: Record<Op, string> = {
  relu: 'Elementwise: y = relu(x) over N floats',
  matmul: 'Matmul: C = A·B, n × n floats',
};

/** Props of the crossover plot: its dependencies and settings a lesson may pass. */
export interface CrossoverProps {
  deps: CrossoverDeps;
  op?: unknown;
  /** The ReLU sweep's last size, as a power of two. */
  elementsLog2?: unknown;
  /** The matmul sweep's last edge. */
  matmulMax?: unknown;
  gpu?: unknown;
  kernelAlone?: unknown;
  /** Name of this instance when the widget appears twice on a page. */
  instance?: string;
}

/**
 * The crossover plot: the same operation swept over sizes on this device's CPU (workers) and GPU
 * (WebGPU, copies included), beside the cost engine's catalog CPU and GPU, with where the GPU
 * starts to win marked for both.
 */
export function Crossover({ deps, instance, ...props }: CrossoverProps) {
  const [controller, state] = useController(() => new CrossoverController(deps));
  const handle = useWidgetState(crossoverSchema, props, instance ? { instance } : {});
  const settings = handle.state;
  const { op, gpu: catalogGpu, kernelAlone } = settings;
  const running = state.status === 'running';
  const plotRef = useRef<HTMLDivElement>(null);
  const widthPx = useElementWidth(plotRef, FALLBACK_WIDTH_PX);
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const idPrefix = `xo-${baseId}`;
  const sizes = planSweep(op, settings);
  const result = state.results[op];

  const modeled = useMemo(() => modelCurves(op, catalogGpu), [op, catalogGpu]);
  const measured = useMemo(() => measuredCrossover(result), [result]);
  const isFallback = state.adapter?.isFallback ?? false;
  const names = {
    cpu: 'Your CPU',
    gpu: isFallback ? 'Your “GPU” (software)' : 'Your GPU',
    catalogCpu: modeled.cpuName,
    catalogGpu: modeled.gpuName,
  };
  const data = useMemo(
    () => crossoverPlotData(op, result, modeled, measured, names),
    // names is rebuilt each render from the values below
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [op, result, modeled, measured, names.gpu],
  );
  const modeledAt = (size: number): ModeledPoint | null => {
    try {
      return modelPoint(op, size, catalogGpu);
    } catch {
      return null;
    }
  };
  const measuredText = readMeasured(op, measured, {
    isFallback,
    gpuUnavailable: state.gpuUnavailable,
  });
  const modeledText = readModeled(op, modeled.crossover, {
    cpuName: modeled.cpuName,
    gpuName: modeled.gpuName,
  });
  const run = () => void controller.run({ op, sizes, kernelAlone });
  const lastSize = sizes.at(-1) ?? 0;

  return (
    <WidgetRoot
      widget={crossoverFace}
      status={state.status}
      settings={handle}
      runSummary={crossoverRunSummary(op, measured, state.gpuUnavailable)}
    >
      <p className="widget-intro">
        Time one operation at growing sizes on your own CPU (Web Workers, every core) and your own
        GPU (WebGPU, counting the upload of the inputs and the readback of the result), beside the
        cost model of a desktop CPU and a catalog GPU with its copies over the host link. Every
        measured output is checked against a CPU reference before it is plotted.
      </p>

      <div className="xo-controls">
        <fieldset className="xo-ops" disabled={running}>
          <legend>{fieldLabel(crossoverSchema.fields.op)}</legend>
          {CROSSOVER_OPS.map((value) => (
            <label key={value} className="xo-op">
              <input
                type="radio"
                name={`${idPrefix}-op`}
                value={value}
                checked={op === value}
                onChange={() => handle.set({ op: value })}
              />{' '}
              {OP_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div className="xo-fields">
          <span className="xo-field">
            <label htmlFor={`${idPrefix}-max`}>Largest size measured</label>
            {op === 'relu' ? (
              <select
                id={`${idPrefix}-max`}
                className="ui-field"
                value={settings.elementsLog2}
                disabled={running}
                onChange={(e) => handle.set({ elementsLog2: e.target.value })}
              >
                {Array.from(
                  { length: MAX_ELEMENTS_LOG2 - MIN_ELEMENTS_LOG2 + 1 },
                  (_, i) => MIN_ELEMENTS_LOG2 + i,
                ).map((e) => (
                  <option key={e} value={e}>
                    {(2 ** e).toLocaleString('en-US')} elements ({formatBytesBinary(4 * 2 ** e)})
                  </option>
                ))}
              </select>
            ) : (
              <select
                id={`${idPrefix}-max`}
                className="ui-field"
                value={settings.matmulMax}
                disabled={running}
                onChange={(e) => handle.set({ matmulMax: e.target.value })}
              >
                {MATMUL_MAX_CHOICES.map((n) => (
                  <option key={n} value={n}>
                    {n} × {n}
                  </option>
                ))}
              </select>
            )}
          </span>
          <SelectSetting
            field={crossoverSchema.fields.gpu}
            as="span"
            className="xo-field"
            id={`${idPrefix}-gpu`}
            value={catalogGpu}
            options={catalogGpuChoices().map((g) => ({ value: g.id, text: g.name }))}
            onValue={(gpu) => handle.set({ gpu })}
          />
          <CheckSetting
            field={crossoverSchema.fields.kernelAlone}
            labelClassName="xo-check"
            value={kernelAlone}
            disabled={running}
            onValue={(alone) => handle.set({ kernelAlone: alone })}
          />
        </div>
        <p className="xo-plan">
          The sweep measures {sizes.length} sizes up to{' '}
          {op === 'relu'
            ? `${lastSize.toLocaleString('en-US')} elements`
            : `${lastSize} × ${lastSize}`}
          , the CPU first, then the GPU, so they do not compete for your cores. Larger sizes are
          capped to keep a laptop responsive.
        </p>
        <div className="xo-actions">
          <RunButtons
            running={running}
            runLabel="Run the sweep"
            onRun={run}
            onCancel={() => controller.cancel()}
          />
        </div>
      </div>

      <div className="xo-activity" aria-live="polite">
        {state.progress && (
          <>
            <progress
              max={100}
              value={Math.round(state.progress.fraction * 100)}
              aria-label="Progress of the sweep"
            />
            <span data-progress>{state.progress.label}</span>
          </>
        )}
      </div>
      {state.notice && (
        <p className="xo-notice" role="status" data-notice>
          {state.notice}
        </p>
      )}
      {state.error && (
        <p className="xo-error" role="alert" data-error>
          {state.error}
        </p>
      )}
      {state.adapter && (
        <p className="xo-adapter" data-fallback={String(state.adapter.isFallback)}>
          WebGPU adapter: {state.adapter.description}.
          {state.adapter.isFallback &&
            ' This is a software fallback: the “GPU” here is your CPU running a GPU emulator, so it is slower than plain JavaScript on the same cores.'}
        </p>
      )}
      {state.gpuUnavailable && (
        <p className="xo-adapter" data-no-webgpu>
          No WebGPU here ({state.gpuUnavailable}). The sweep still measures your CPU, and the
          modeled curves below need no GPU.
        </p>
      )}

      <div className="xo-reading" aria-live="polite">
        <p data-reading="measured">
          <span className="tag-measured">measured</span> {measuredText}
        </p>
        <p data-reading="modeled">
          <span className="tag-modeled">modeled</span> {modeledText}
        </p>
      </div>

      <figure className="xo-plot" ref={plotRef}>
        <CrossoverPlot
          op={op}
          data={data}
          widthPx={widthPx}
          idPrefix={idPrefix}
          title={`Time against size for ${op === 'relu' ? 'ReLU' : 'a square matmul'}: your CPU and GPU (measured), ${modeled.cpuName} and ${modeled.gpuName} (modeled)`}
          description="Both axes are logarithmic. Solid lines with markers are measured on this device (circles: CPU, squares: GPU with copies, triangles: GPU kernel alone); dashed lines are modeled. Vertical lines mark where the GPU starts to win. The table below lists every value."
        />
        <figcaption className="xo-legend">
          <span className="xo-key xo-key--cpu-measured">your CPU (measured, circles)</span>
          <span className="xo-key xo-key--gpu-measured">
            {names.gpu}, with copies (measured, squares)
          </span>
          {kernelAlone && (
            <span className="xo-key xo-key--gpu-kernel">
              {names.gpu}, kernel alone (measured, triangles)
            </span>
          )}
          <span className="xo-key xo-key--cpu-modeled">
            {modeled.cpuName} (modeled, long dashes)
          </span>
          <span className="xo-key xo-key--gpu-modeled">
            {modeled.gpuName}, with pinned copies (modeled, dash-dot)
          </span>
        </figcaption>
      </figure>

      <CrossoverTable
        op={op}
        result={result}
        planned={sizes}
        modeledAt={modeledAt}
        kernelAlone={kernelAlone}
        catalogCpu={modeled.cpuName}
        catalogGpu={modeled.gpuName}
      />
    </WidgetRoot>
  );
}
