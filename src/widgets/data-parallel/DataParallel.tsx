import { memo, useEffect, useId, useRef } from 'react';
import { formatBytesBinary, formatCount, formatPercent, formatSeconds } from '../../format/units';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useController } from '../../ui/useController';
import { useElementWidth } from '../../ui/useElementWidth';
import { createBrowserDataParallelDeps, type DataParallelDeps } from './browser-deps';
import { DataParallelController } from './controller';
import { DataParallelInputs } from './DataParallelInputs';
import { DdpScript } from './DdpScript';
import { lanesOf, samplesPerSecond, type DataParallelResult } from './simulation';
import { RingAllReduce } from './RingAllReduce';
import { ScalingPlot } from './ScalingPlot';
import { dataParallelSchema, STRATEGY_SHORT_NAMES } from './settings';
import { ShardingPanel } from './ShardingPanel';
import { MODE_NAMES, StepTimeline, TimelineTable } from './StepTimeline';
import '../../ui/panel.css';
import './data-parallel.css';
import { dataParallelFace } from './face';

/** Props a lesson may pass; anything invalid is corrected with a visible notice. */
export interface DataParallelProps {
  /** Zoo network id (default resnet50). */
  network?: unknown;
  /** Catalog GPU id (default a100-sxm-80gb). */
  gpu?: unknown;
  /** GPUs per node, 1-8 (default 4). */
  gpusPerNode?: unknown;
  /** Nodes, 1-4 (default 1). */
  nodes?: unknown;
  /** Link inside a node: nvlink3, nvlink4, pcie3, pcie4 or pcie5 (one the GPU can use). */
  link?: unknown;
  /** Link between nodes: ib-hdr or ib-ndr. */
  nodeLink?: unknown;
  /** Samples per GPU per step (default 32). */
  batch?: unknown;
  /** fp32, tf32, amp-fp16 or amp-bf16 (default). */
  precision?: unknown;
  /** How DDP keeps the model state: replicate (default), zero1, zero2 or zero3 (FSDP). */
  sharding?: unknown;
  /** Name of this instance when the widget appears twice on a page. */
  instance?: string;
  /** Dependencies; tests pass fakes, lessons leave it out. */
  deps?: DataParallelDeps;
}

/** A panel's border and padding, left and right together, in CSS pixels. */
const PANEL_INSET_PX = 28;

/** The two modes' steps side by side in words. */
const Summary = memo(function Summary({ result }: { result: DataParallelResult }) {
  const { ddp, dp, gpus, settings } = result;
  const ddpRate = samplesPerSecond(ddp, gpus, settings.batch);
  const dpLanes = dp ? lanesOf(dp, gpus) : [];
  return (
    <div className="dp-summary" data-summary>
      <p>
        <strong>{MODE_NAMES.ddp}</strong> on {gpus} × {result.gpuName}
        {settings.nodes > 1 ? ` (${settings.nodes} nodes of ${settings.gpusPerNode})` : ''}:{' '}
        <span data-step-seconds="ddp" data-seconds={ddp.seconds}>
          {formatSeconds(ddp.seconds)}
        </span>{' '}
        per step, {formatCount(ddpRate)} samples/s, {formatPercent(ddp.scalingEfficiency)} of
        perfect scaling.
      </p>
      {result.chosen !== ddp && (
        <p>
          <strong>{STRATEGY_SHORT_NAMES[settings.sharding]}</strong>:{' '}
          <span data-step-seconds={settings.sharding} data-seconds={result.chosen.seconds}>
            {formatSeconds(result.chosen.seconds)}
          </span>{' '}
          per step, {formatCount(samplesPerSecond(result.chosen, gpus, settings.batch))} samples/s,{' '}
          {formatPercent(result.chosen.scalingEfficiency)} of perfect scaling; each GPU holds{' '}
          {formatBytesBinary(result.chosen.bytes)} at its peak (DDP: {formatBytesBinary(ddp.bytes)}
          ).
        </p>
      )}
      {dp ? (
        <p>
          <strong>{MODE_NAMES.dp}</strong>:{' '}
          <span data-step-seconds="dp" data-seconds={dp.seconds}>
            {formatSeconds(dp.seconds)}
          </span>{' '}
          per step, {formatCount(samplesPerSecond(dp, gpus, settings.batch))} samples/s,{' '}
          {formatPercent(dp.scalingEfficiency)} of perfect scaling
          {gpus > 1 && dpLanes[0] && dpLanes[1]
            ? `; GPU 0 works ${formatSeconds(dpLanes[0].busySeconds)} of the step, each other GPU ${formatSeconds(dpLanes[1].busySeconds)}.`
            : '.'}
        </p>
      ) : (
        <p data-dp-unavailable>
          <strong>{MODE_NAMES.dp}</strong>: {result.dpUnavailable}
        </p>
      )}
      {!ddp.fits && (
        <p className="dp-warn">
          At a batch of {settings.batch} per GPU the step needs {formatBytesBinary(ddp.bytes)}, more
          than the {formatBytesBinary(result.gpuMemoryBytes)} of one {result.gpuName}: it would run
          out of memory. The times are what it would take if it fit.
          {result.chosen !== ddp && result.chosen.fits
            ? ` Sharded by ${STRATEGY_SHORT_NAMES[settings.sharding]}, it needs ${formatBytesBinary(result.chosen.bytes)} and fits.`
            : ''}
        </p>
      )}
    </div>
  );
});

/** Both modes' timelines on one time axis, with their tables. */
const Timelines = memo(function Timelines({
  result,
  widthPx,
  idBase,
}: {
  result: DataParallelResult;
  widthPx: number;
  idBase: string;
}) {
  const { ddp, dp, settings, chosen } = result;
  const sharded = chosen !== ddp ? chosen : null;
  const axisSeconds = Math.max(ddp.seconds, dp?.seconds ?? 0, sharded?.seconds ?? 0);
  const shown = settings.gpusPerNode;
  return (
    <section className="ui-panel dp-panel" aria-labelledby={`${idBase}-tl-h`}>
      <h4 id={`${idBase}-tl-h`}>One step on each GPU</h4>
      <p className="dp-legend">
        <span className="dp-key dp-key--forward" aria-hidden="true" /> forward{' '}
        <span className="dp-key dp-key--backward" aria-hidden="true" /> backward{' '}
        <span className="dp-key dp-key--communication" aria-hidden="true" /> copies between GPUs{' '}
        <span className="dp-key dp-key--nccl" aria-hidden="true" /> collectives on NCCL’s streams
        (DDP’s bucket all-reduces; a sharded step’s reduce-scatters and all-gathers){' '}
        <span className="dp-key dp-key--optimizer" aria-hidden="true" /> optimizer{' '}
        <span className="dp-key dp-key--idle" aria-hidden="true" /> idle
      </p>
      {settings.nodes > 1 && (
        <p className="dp-hint">
          Showing the {shown} GPU{shown === 1 ? '' : 's'} of one node out of {result.gpus}; every
          node’s GPUs look the same.
        </p>
      )}
      <h5>{MODE_NAMES.ddp}: one process per GPU</h5>
      <p className="dp-hint">
        Forward; backward, with each 25 MiB bucket of gradients all-reduced on NCCL’s stream as soon
        as it fills; whatever is still being sent when backward ends; then the same optimizer step
        on every GPU.
      </p>
      <StepTimeline
        prediction={ddp}
        gpusShown={shown}
        axisSeconds={axisSeconds}
        widthPx={widthPx}
        idPrefix={`${idBase}-tl-ddp`}
      />
      {sharded && (
        <>
          <h5>{STRATEGY_SHORT_NAMES[settings.sharding]}: DDP with the model state sharded</h5>
          <p className="dp-hint">
            {settings.sharding === 'zero3'
              ? 'Each block’s weights are all-gathered just before its forward and again before its backward (the next block’s gather runs while this one computes), and its gradients are reduce-scattered after; a GPU waits where a gather is late. Each GPU then updates its own slice.'
              : 'Gradients are reduce-scattered bucket by bucket during backward; each GPU updates only its slice of the weights, then one all-gather hands every GPU the whole updated weights.'}
          </p>
          <StepTimeline
            prediction={sharded}
            gpusShown={shown}
            axisSeconds={axisSeconds}
            widthPx={widthPx}
            idPrefix={`${idBase}-tl-shard`}
          />
        </>
      )}
      {dp && (
        <>
          <h5>{MODE_NAMES.dp}: one process, GPU 0 in charge</h5>
          <p className="dp-hint">
            Every step: copy the module from GPU 0 to the others, scatter the batch, forward, gather
            the outputs on GPU 0 for the loss, backward, reduce the gradients onto GPU 0, and update
            there while the other GPUs wait. Nothing overlaps.
          </p>
          <StepTimeline
            prediction={dp}
            gpusShown={shown}
            axisSeconds={axisSeconds}
            widthPx={widthPx}
            idPrefix={`${idBase}-tl-dp`}
          />
        </>
      )}
      <details className="dp-details">
        <summary>The timelines as tables</summary>
        <TimelineTable prediction={ddp} />
        {sharded && <TimelineTable prediction={sharded} />}
        {dp && <TimelineTable prediction={dp} />}
      </details>
    </section>
  );
});

/** What the model assumes, briefly. */
const Notes = memo(function Notes() {
  return (
    <details className="dp-details dp-notes">
      <summary>What the model assumes</summary>
      <ul>
        <li>
          Each GPU’s step is the engine’s single-GPU step for its own batch (Adam as the optimizer);
          DDP adds the bucket all-reduces that backward does not cover.
        </li>
        <li>
          Overlap is free in the model: an all-reduce running beside backward slows it down not at
          all. Real DDP on 8 GPUs scales a few percent lower than this (the course’s calibration:
          ResNet-50 on 8 A100s is predicted 3 % fast).
        </li>
        <li>
          All-reduces are NCCL’s ring; across nodes the ring leaves each node through one network
          card per GPU. DataParallel’s copies go through GPU 0’s link, and its replicas’ Python
          dispatch takes turns at one interpreter.
        </li>
        <li>
          Sharding follows ZeRO: stages 1 and 2 send what DDP sends (a reduce-scatter of the
          gradients, then an all-gather of the updated weights, which nothing hides here); full
          sharding gathers each block’s weights in forward and again in backward, 1.5× DDP’s bytes.
          Collectives move fp32 weights and gradients; FSDP’s MixedPrecisionPolicy, which gathers
          16-bit weights, would halve the gathers. AMP’s 16-bit weight copies are counted whole, and
          full sharding adds two blocks’ weights gathered at a time.
        </li>
        <li>Input loading, gradient accumulation and mixed-precision loss scaling are left out.</li>
      </ul>
    </details>
  );
});

/**
 * The data-parallel simulator: a zoo network trained on several catalog GPUs with
 * DistributedDataParallel and with DataParallel, DDP's model state replicated or sharded (ZeRO
 * stages, FSDP), as per-GPU timelines, a table of memory and traffic per strategy, the ring
 * all-reduce step by step, and the scaling from 1 to 32 GPUs, all modeled by the cost engine.
 */
export default function DataParallel({
  network,
  gpu,
  gpusPerNode,
  nodes,
  link,
  nodeLink,
  batch,
  precision,
  sharding,
  instance,
  deps,
}: DataParallelProps) {
  const handle = useWidgetState(
    dataParallelSchema,
    { network, gpu, gpusPerNode, nodes, link, nodeLink, batch, precision, sharding },
    instance ? { instance } : {},
  );
  const [controller, state] = useController(
    () => new DataParallelController(deps ?? createBrowserDataParallelDeps(), handle.state),
  );
  useEffect(() => controller.configure(handle.state), [controller, handle.state]);
  const idBase = `dp-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const bodyRef = useRef<HTMLDivElement>(null);
  // Panels draw inside their border and padding.
  const widthPx = Math.max(200, useElementWidth(bodyRef, 720) - PANEL_INSET_PX);
  const { analysis } = state;

  return (
    <WidgetRoot widget={dataParallelFace} status={state.status} settings={handle}>
      <p className="widget-intro">
        Train one network on several GPUs, each with its own batch, and compare PyTorch’s two
        wrappers, then shard the model state as ZeRO and FSDP do. Every time here is{' '}
        <span className="tag-modeled">modeled</span> by the course’s cost engine, not measured.
      </p>
      <DataParallelInputs settings={handle.state} set={handle.set} idBase={idBase} />
      <div ref={bodyRef} className="dp-body">
        {analysis.kind === 'problem' ? (
          <p className="dp-problem" role="alert" data-problem>
            The engine cannot model this: {analysis.message}
          </p>
        ) : (
          <>
            <Summary result={analysis} />
            <Timelines result={analysis} widthPx={widthPx} idBase={idBase} />
            <ShardingPanel result={analysis} idBase={idBase} />
            <RingAllReduce
              result={analysis}
              ring={state.ring}
              reducedMotion={state.reducedMotion}
              controller={controller}
              widthPx={widthPx}
              idBase={idBase}
            />
            <ScalingPlot result={analysis} widthPx={widthPx} idBase={idBase} />
          </>
        )}
        <DdpScript gpusPerNode={handle.state.gpusPerNode} nodes={handle.state.nodes} />
        <Notes />
      </div>
    </WidgetRoot>
  );
}
