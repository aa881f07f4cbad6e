import { useEffect, useMemo, useState } from 'react';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useController } from '../../ui/useController';
import { AutocastPanel } from './AutocastPanel';
import { FormatsPanel } from './FormatsPanel';
import { KernelController, type KernelDeps } from './kernel-controller';
import { KernelPanel } from './KernelPanel';
import { LossScalingPanel } from './LossScalingPanel';
import { PanelPicker } from './PanelPicker';
import { ScalerController } from './scaler-controller';
import { precisionSchema } from './settings';
import { StepPanel } from './StepPanel';
import './precision.css';
import { precisionFace } from './face';

/** Props a lesson may pass (any setting by its name), plus the outside world. */
export interface PrecisionExplorerProps {
  /** WebGPU for "Run it on my GPU" (the browser's in a lesson, fakes in tests). */
  kernelDeps: KernelDeps;
  /** Name of a second copy on the same page. */
  instance?: string;
  [setting: string]: unknown;
}

/**
 * The precision explorer: number formats bit by bit, loss scaling and GradScaler, what autocast
 * runs in which precision, the modeled step per precision, and a real f16 kernel beside its f32
 * twin on the learner's GPU. Settings live in the link; measurements never do.
 */
export function PrecisionExplorer({ kernelDeps, instance, ...props }: PrecisionExplorerProps) {
  const settings = useWidgetState(precisionSchema, props, instance ? { instance } : {});
  const s = settings.state;
  const [kernel, kernelState] = useController(() => new KernelController(kernelDeps));
  const [scaler] = useState(() => new ScalerController(s.growthInterval));
  useEffect(() => scaler.reset(s.growthInterval), [scaler, s.growthInterval]);
  const stepInputs = useMemo(
    () => ({ model: s.model, gpu: s.gpu, batch: s.batch, seq: s.seq, optimizer: s.optimizer }),
    [s.model, s.gpu, s.batch, s.seq, s.optimizer],
  );
  return (
    <WidgetRoot
      widget={precisionFace}
      status={kernelState.status === 'running' ? 'running' : 'done'}
      settings={settings}
    >
      <PanelPicker value={s.panel} onChange={(panel) => settings.set({ panel })} />
      <div className="precision-panel" data-panel={s.panel}>
        {s.panel === 'formats' ? (
          <FormatsPanel settings={s} set={(patch) => settings.set(patch)} />
        ) : null}
        {s.panel === 'scaling' ? (
          <LossScalingPanel
            scaleLog2={s.scaleLog2}
            onScaleLog2={(k) => settings.set({ scaleLog2: k })}
            growthInterval={s.growthInterval}
            onGrowthInterval={(n) => settings.set({ growthInterval: n })}
            scaler={scaler}
          />
        ) : null}
        {s.panel === 'autocast' ? (
          <AutocastPanel
            dtype={s.autocastDtype}
            onDtype={(d) => settings.set({ autocastDtype: d })}
          />
        ) : null}
        {s.panel === 'step' ? (
          <StepPanel inputs={stepInputs} onChange={(patch) => settings.set(patch)} />
        ) : null}
        {s.panel === 'kernel' ? (
          <KernelPanel
            controller={kernel}
            size={s.kernelSize}
            onSize={(n) => settings.set({ kernelSize: n })}
          />
        ) : null}
      </div>
    </WidgetRoot>
  );
}
