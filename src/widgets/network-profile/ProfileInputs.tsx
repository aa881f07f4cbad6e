import { getGpu, type GpuId } from '../../engine/catalog';
import { effectiveSeq, lackingPrecisions } from '../../network-step';
import type { SettingsPatch } from '../../state/useWidgetState';
import { NumberSetting, settingBinder } from '../../ui/field';
import { GpuPicker } from '../../ui/GpuPicker';
import {
  NetworkSetting,
  OptimizerSetting,
  PrecisionSetting,
  SequenceSetting,
  StepModeSetting,
} from '../../ui/step-fields';
import type { ProfileEngine } from './engine-port';
import { networkProfileSchema, type NetworkProfileSettings } from './settings';
import '../../ui/inputs.css';

/** Props of the profile's inputs. */
export interface ProfileInputsProps {
  settings: NetworkProfileSettings;
  set(patch: SettingsPatch<NetworkProfileSettings>): void;
  engine: ProfileEngine;
  idBase: string;
}

/** The wrapper of each input. */
const FIELD = 'ui-input np-field';

/**
 * The step to profile, each input reading its schema field: GPU, network, training or
 * inference, batch, sequence length (time steps for the LSTM), precision (each one the GPU
 * lacks marked) and the optimizer of a training step. A typed number out of range is marked and
 * the last good one kept.
 */
export function ProfileInputs({ settings, set, engine, idBase }: ProfileInputsProps) {
  const { fields } = networkProfileSchema;
  const bind = settingBinder({ fields, settings, set, idBase, className: FIELD, as: 'span' });
  const seq = effectiveSeq(settings.network, settings.seq);
  const lacking = lackingPrecisions((p) => engine.precisionProblem(settings.gpu, p));
  return (
    <fieldset className="ui-inputs np-inputs">
      <legend className="visually-hidden">The step to profile</legend>
      <NetworkSetting {...bind('network')} onValue={(network) => set({ network, seq: 0 })} />
      <span className={FIELD}>
        <GpuPicker
          field={fields.gpu}
          value={settings.gpu}
          onChange={(gpu) => set(gpuChoice(gpu))}
        />
      </span>
      <StepModeSetting {...bind('mode')} className={`${FIELD} ui-input-row`} />
      <NumberSetting {...bind('batch')} entry="check" keeper="the profile" />
      {seq !== undefined && (
        <SequenceSetting
          {...bind('seq')}
          value={seq}
          entry="check"
          keeper="the profile"
          network={settings.network}
          hintFor={(max) => `up to ${max.toLocaleString('en-US')}`}
        />
      )}
      <PrecisionSetting {...bind('precision')} lacking={lacking} />
      {settings.mode === 'train' && <OptimizerSetting {...bind('optimizer')} />}
    </fieldset>
  );
}

/**
 * The settings a GPU choice changes: the GPU, and for the learner's own machine also the host
 * time per op, which its report measured (the field stays editable afterwards).
 */
export function gpuChoice(gpu: GpuId): { gpu: GpuId; hostOpMicroseconds?: number } {
  const measuredSeconds = getGpu(gpu).hostOpSeconds?.value;
  return measuredSeconds === undefined
    ? { gpu }
    : { gpu, hostOpMicroseconds: Math.round(measuredSeconds * 1e8) / 100 };
}
