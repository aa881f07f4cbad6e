import { memo, useCallback, useEffect, useId, useRef } from 'react';
import { formatBytesBinary, formatCount, formatPercent, formatSeconds } from '../../format/units';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useController } from '../../ui/useController';
import { useElementWidth } from '../../ui/useElementWidth';
import type { LayoutResult } from './analysis';
import { createBrowserPlannerDeps } from './browser-deps';
import { PlannerController, type PlannerDeps } from './controller';
import { parallelPlannerFace } from './face';
import { MemoryPanel } from './MemoryPanel';
import { ClusterInputs, LayoutInputs, SpecInputs } from './PlannerInputs';
import { PrintPanel } from './PrintPanel';
import { RankingPanel } from './RankingPanel';
import { layoutText, type LayoutShape } from './ranking';
import { isCustomModel, isPrintModel, parallelPlannerSchema } from './settings';
import { TimelinePanel } from './TimelinePanel';
import '../../ui/panel.css';
import './parallel-planner.css';

/** Props a lesson may pass; anything invalid is corrected with a visible notice. */
export interface ParallelPlannerProps {
  /** A zoo language model id (default llama3.1-70b), `custom` or `print`. */
  model?: unknown;
  /** Catalog GPU id (default h100-sxm). */
  gpu?: unknown;
  /** GPUs in all (default 64). */
  gpus?: unknown;
  /** GPUs per node (default 8). */
  gpusPerNode?: unknown;
  /** Link inside a node (one the GPU can use; default nvlink4). */
  link?: unknown;
  /** Link between nodes: ib-hdr or ib-ndr (default). */
  nodeLink?: unknown;
  /** Tokens per sequence (default 8192). */
  seq?: unknown;
  /** Sequences per optimizer step (default 256). */
  globalBatch?: unknown;
  /** bf16 (default), fp16 or fp8. */
  precision?: unknown;
  /** 1f1b (default), gpipe or interleaved. */
  schedule?: unknown;
  /** The chosen layout: replicate, zero1, zero2 or zero3 (default). */
  sharding?: unknown;
  /** Tensor-, context- and pipeline-parallel degrees (default 1 each). */
  tensorParallel?: unknown;
  contextParallel?: unknown;
  pipelineParallel?: unknown;
  microBatch?: unknown;
  /** none, selective or full (default). */
  checkpointing?: unknown;
  /** Name of this instance when the widget appears twice on a page. */
  instance?: string;
  /** Dependencies; tests pass fakes, lessons leave it out. */
  deps?: PlannerDeps;
}

/** A panel's border and padding, left and right together, in CSS pixels. */
const PANEL_INSET_PX = 28;

/** The chosen layout's answer in a sentence and five figures. */
const Summary = memo(function Summary({
  result,
  gpusPerNode,
  globalBatch,
}: {
  result: LayoutResult;
  gpusPerNode: number;
  globalBatch: number;
}) {
  const { prediction: p, modelName, gpuName } = result;
  const l = p.layout;
  const nodes = l.nodes;
  const shape: LayoutShape = {
    dp: l.dp,
    tp: l.tp,
    cp: l.cp,
    pp: l.pp,
    microBatch: l.microBatch,
    gradAccum: l.gradAccum,
    sharding: l.sharding,
    checkpointing: l.checkpointing,
  };
  return (
    <div className="pp-summary" data-summary>
      <p>
        <span className="tag-modeled">modeled</span> {modelName} on {formatCount(l.gpus)} ×{' '}
        {gpuName}
        {nodes > 1 ? ` (${formatCount(nodes)} nodes of ${gpusPerNode})` : ''}, sequences of{' '}
        {formatCount(l.seq)} tokens, {formatCount(globalBatch)} per step (
        {formatCount(p.tokensPerStep)} tokens), laid out as{' '}
        <strong data-layout-text>{layoutText(shape)}</strong>:
      </p>
      <dl className="pp-figures">
        <div>
          <dt>Tokens/s per GPU</dt>
          <dd data-tokens-per-gpu={p.tokensPerSecondPerGpu}>
            {formatCount(p.tokensPerSecondPerGpu)}
          </dd>
        </div>
        <div>
          <dt>MFU (model FLOPs ÷ peak)</dt>
          <dd data-mfu={p.mfu}>{formatPercent(p.mfu)}</dd>
        </div>
        <div>
          <dt>HFU (counting recomputation)</dt>
          <dd data-hfu={p.hfu}>{formatPercent(p.hfu)}</dd>
        </div>
        <div>
          <dt>One step</dt>
          <dd data-step-seconds={p.seconds}>{formatSeconds(p.seconds)}</dd>
        </div>
        <div>
          <dt>Memory per GPU</dt>
          <dd data-bytes-per-gpu={p.bytesPerGpu} className={p.fits ? undefined : 'pp-warn'}>
            {formatBytesBinary(p.bytesPerGpu)}
            {p.fits ? '' : ' (does not fit)'}
          </dd>
        </div>
      </dl>
    </div>
  );
});

/** What the model assumes, briefly. */
function Notes() {
  return (
    <details className="pp-details pp-notes-box">
      <summary>What the model assumes</summary>
      <ul>
        <li>
          Tensor parallel stays inside a node, then context parallel, then data parallel, with
          pipeline stages outermost, as torchtitan’s DeviceMesh orders them. FSDP shards over the
          data- and context-parallel ranks together, and gathers each layer’s 16-bit weights for the
          forward and again for the backward of every micro-batch; gradients are reduced in fp32.
        </li>
        <li>
          Collectives are NCCL’s rings: NVLink or PCIe inside a node, one InfiniBand card per GPU
          between nodes. Tensor parallel’s all-reduces and the pipeline’s sends do not overlap
          compute; FSDP’s gathers and reductions do, all but the first.
        </li>
        <li>
          The products run at a share of the GPU’s measured matrix rate fitted on one published run
          (lower on Hopper), attention at FlashAttention-2’s published share. Every figure is the
          course’s cost engine’s, not a measurement; the planner ranks layouts with degrees of 1, 2,
          4 and 8 and micro-batches of 1 to 8, AdamW, sequence parallel on under tensor parallel.
        </li>
      </ul>
    </details>
  );
}

/**
 * The parallel layout planner: a decoder (a zoo model, a spec or a pasted print(model)) trained
 * on a cluster of catalog GPUs; for a chosen layout (DP × FSDP sharding × TP × CP × PP, micro-
 * batch and accumulation, checkpointing) one GPU's memory by part, the step's timeline per
 * pipeline stage with what overlaps, throughput and MFU; and every layout ranked by throughput,
 * with why the best wins. All modeled by the cost engine.
 */
export default function ParallelPlanner({ instance, deps, ...props }: ParallelPlannerProps) {
  const handle = useWidgetState(parallelPlannerSchema, props, instance ? { instance } : {});
  const [controller, state] = useController(
    () => new PlannerController(deps ?? createBrowserPlannerDeps(), handle.state),
  );
  useEffect(() => controller.configure(handle.state), [controller, handle.state]);
  const idBase = `pp-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const bodyRef = useRef<HTMLDivElement>(null);
  const widthPx = Math.max(200, useElementWidth(bodyRef, 720) - PANEL_INSET_PX);
  const { analysis, settings } = state;
  const { set } = handle;
  const choose = useCallback(
    (l: LayoutShape) =>
      set({
        sharding: l.sharding,
        tensorParallel: l.tp,
        contextParallel: l.cp,
        pipelineParallel: l.pp,
        microBatch: l.microBatch,
        checkpointing: l.checkpointing,
      }),
    [set],
  );
  const layout = analysis.layout;
  const noPlan =
    analysis.base === null
      ? layout.kind === 'problem'
        ? layout.message
        : 'no model yet.'
      : layout.kind === 'problem' && layout.cause === 'cluster'
        ? layout.message
        : null;
  const chosen = {
    tp: settings.tensorParallel,
    cp: settings.contextParallel,
    pp: settings.pipelineParallel,
    microBatch: settings.microBatch,
    sharding: settings.sharding,
    checkpointing: settings.checkpointing,
  };

  return (
    <WidgetRoot widget={parallelPlannerFace} status={state.status} settings={handle}>
      <p className="widget-intro">
        Lay a language model’s training over a cluster: choose the model, the GPUs and the batch,
        then a layout (how data parallel shards the model state, and how far tensor, context and
        pipeline parallelism split each copy). See one GPU’s memory, a step’s timeline and the
        throughput, and every layout ranked. Every figure here is{' '}
        <span className="tag-modeled">modeled</span> by the course’s cost engine, not measured.
      </p>
      <ClusterInputs settings={handle.state} set={set} idBase={idBase} />
      {isCustomModel(handle.state) && (
        <SpecInputs settings={handle.state} set={set} idBase={idBase} />
      )}
      {isPrintModel(handle.state) && (
        <PrintPanel
          printed={state.printed}
          onText={(text) => controller.setPrintText(text)}
          onExample={() => controller.loadPrintExample()}
          idBase={idBase}
        />
      )}
      <LayoutInputs settings={handle.state} set={set} idBase={idBase} />
      <div ref={bodyRef} className="pp-body">
        {layout.kind === 'problem' ? (
          layout.cause === 'awaiting' ? (
            <p className="pp-awaiting" role="status" data-problem={layout.cause}>
              {`Nothing to plan yet: ${layout.message}`}
            </p>
          ) : (
            <p className="pp-problem" role="alert" data-problem={layout.cause}>
              {layout.cause === 'layout' || layout.cause === 'cluster'
                ? `This layout cannot be laid out: ${layout.message}`
                : `The planner cannot model this: ${layout.message}`}
              {layout.cause === 'layout'
                ? ' Choose a ranked layout below, or change the degrees.'
                : ''}
            </p>
          )
        ) : (
          <>
            <Summary
              result={layout}
              gpusPerNode={settings.gpusPerNode}
              globalBatch={settings.globalBatch}
            />
            <MemoryPanel
              prediction={layout.prediction}
              gpuName={layout.gpuName}
              widthPx={widthPx}
              idBase={idBase}
            />
            <TimelinePanel
              prediction={layout.prediction}
              parts={layout.parts}
              widthPx={widthPx}
              idBase={idBase}
            />
          </>
        )}
        <RankingPanel
          ranking={state.ranking}
          chosen={chosen}
          onChoose={choose}
          noPlan={noPlan}
          idBase={idBase}
        />
        <Notes />
      </div>
    </WidgetRoot>
  );
}
