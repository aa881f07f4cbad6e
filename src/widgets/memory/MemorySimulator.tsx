import { useEffect, useId, useRef } from 'react';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { PrintModelPanel } from '../../ui/print-model/PrintModelPanel';
import { usePrintedModel } from '../../ui/print-model/usePrintedModel';
import { useController } from '../../ui/useController';
import { createBrowserMemoryDeps, type MemoryDeps } from './browser-deps';
import { MemoryController } from './controller';
import { LayerBuilder } from './LayerBuilder';
import { MemoryInputs } from './MemoryInputs';
import { MemoryResultView } from './MemoryResultView';
import { ModelNotes } from './ModelNotes';
import { CUSTOM_NETWORK, PRINT_NETWORK, trainRequestOf } from '../../network-step';
import type { ScenarioChange } from './scenario';
import { memorySchema } from './settings';
import { StepThroughPanel } from './step/StepThroughPanel';
import './memory.css';
import { memoryFace } from './face';

/** Props a lesson may pass; anything invalid is corrected with a visible notice. */
export interface MemorySimulatorProps {
  /** Catalog GPU id (default a100-sxm-80gb). */
  gpu?: unknown;
  /** Zoo network id, "custom" for the builder or "print" for a pasted model (default resnet50). */
  network?: unknown;
  /** "train" (default) or "inference". */
  mode?: unknown;
  /** Inference phase for decoder language models: forward, prefill or decode. */
  phase?: unknown;
  batch?: unknown;
  /** Sequence length (0 or left out: the network's own). */
  seq?: unknown;
  /** fp32, tf32, amp-fp16 or amp-bf16 (default). */
  precision?: unknown;
  /** sgd (default), adam or adamw. */
  optimizer?: unknown;
  checkpointing?: unknown;
  /** A chunked or fused cross-entropy in training (default false). */
  chunkedLoss?: unknown;
  /** Name of this instance when the simulator appears twice on a page. */
  instance?: string;
  /** Dependencies; tests pass fakes, lessons leave it out. */
  deps?: MemoryDeps;
}

/**
 * The memory simulator: a network on a catalog GPU at a batch, precision and optimizer, its
 * modeled peak memory as a stacked bar against the GPU's memory, and when it does not fit,
 * PyTorch's out-of-memory error and the fixes ranked by what they save.
 */
export default function MemorySimulator({
  gpu,
  network,
  mode,
  phase,
  batch,
  seq,
  precision,
  optimizer,
  checkpointing,
  chunkedLoss,
  instance,
  deps,
}: MemorySimulatorProps) {
  const handle = useWidgetState(
    memorySchema,
    { gpu, network, mode, phase, batch, seq, precision, optimizer, checkpointing, chunkedLoss },
    instance ? { instance } : {},
  );
  const [controller, state] = useController(
    () => new MemoryController(deps ?? createBrowserMemoryDeps(), handle.state),
  );
  useEffect(() => controller.configure(handle.state), [controller, handle.state]);
  const printed = usePrintedModel(controller.printModel, handle.state.mode);
  const printedLayers = printed.result?.layers ?? null;
  useEffect(() => controller.setPrinted(printedLayers), [controller, printedLayers]);
  const idBase = `memory-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const settings = handle.state;
  const analysis = state.analysis;
  const apply = (change: ScenarioChange) => {
    handle.set(change);
    // The fixes table may go away once the step fits: keep keyboard focus on the answer.
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  return (
    <WidgetRoot widget={memoryFace} status={state.status} settings={handle}>
      <p className="widget-intro">
        Pick a network and a GPU and see what one step keeps in GPU memory at its peak, part by
        part, against what the GPU holds. Every number here is{' '}
        <span className="tag-modeled">modeled</span> by the course’s cost engine from the network’s
        layer shapes, not measured.
      </p>
      <MemoryInputs
        settings={settings}
        set={handle.set}
        engine={controller.engine}
        idBase={idBase}
      />
      {settings.network === CUSTOM_NETWORK && (
        <LayerBuilder
          drafts={state.drafts}
          check={state.builder}
          actions={controller}
          idBase={idBase}
        />
      )}
      {settings.network === PRINT_NETWORK && <PrintModelPanel printed={printed} idBase={idBase} />}
      <MemoryResultView
        ref={summaryRef}
        analysis={analysis}
        activePart={state.activePart}
        onShowPart={(part) => controller.showPart(part)}
        onApply={apply}
        idBase={idBase}
      />
      {analysis.kind === 'result' && analysis.scenario.mode === 'train' && (
        // The step-through replays the step's allocations without a chunked loss.
        <StepThroughPanel
          request={trainRequestOf({ ...analysis.scenario, chunkedLoss: undefined })}
        />
      )}
      <ModelNotes />
    </WidgetRoot>
  );
}
