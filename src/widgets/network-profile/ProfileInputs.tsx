import { NETWORK_PRECISIONS } from '../../engine/models';
import { getGpu, type GpuId } from '../../engine/catalog';
import type { SettingsPatch } from '../../state/useWidgetState';
import { GpuPicker } from '../../ui/GpuPicker';
import {
  NetworkSelect,
  OptimizerSelect,
  PrecisionSelect,
  StepModeRadios,
} from '../../ui/step-fields';
import type { ProfileEngine } from './engine-port';
import {
  effectiveSeq,
  MAX_BATCH,
  MAX_SEQ,
  PRINT_NETWORK,
  zooNetworkOf,
  type NetworkProfileSettings,
} from './settings';
import { NumberField } from './NumberField';
import '../../ui/inputs.css';

/** Props of the profile's inputs. */
export interface ProfileInputsProps {
  settings: NetworkProfileSettings;
  set(patch: SettingsPatch<NetworkProfileSettings>): void;
  engine: ProfileEngine;
  idBase: string;
}

/**
 * The step to profile: GPU, network, training or inference, batch, sequence length (time steps
 * for the LSTM), precision (each one the GPU lacks marked) and the optimizer of a training step.
 */
export function ProfileInputs({ settings, set, engine, idBase }: ProfileInputsProps) {
  const network = zooNetworkOf(settings.network);
  const seq = effectiveSeq(settings);
  const id = (name: string) => `${idBase}-${name}`;
  const lacking = NETWORK_PRECISIONS.filter(
    (p) => engine.precisionProblem(settings.gpu, p) !== null,
  );
  return (
    <fieldset className="ui-inputs np-inputs">
      <legend className="visually-hidden">The step to profile</legend>
      <span className="ui-input np-field">
        <NetworkSelect
          id={id('net')}
          value={settings.network}
          onChange={(network) => set({ network, seq: 0 })}
          extraOptions={<option value={PRINT_NETWORK}>Paste print(model)</option>}
        />
      </span>
      <span className="ui-input np-field">
        <GpuPicker value={settings.gpu as GpuId} onChange={(gpu) => set(gpuChoice(gpu))} />
      </span>
      <span className="ui-input np-field np-mode" role="radiogroup" aria-label="Step">
        <StepModeRadios
          name={id('mode')}
          value={settings.mode}
          onChange={(mode) => set({ mode })}
        />
      </span>
      <NumberField
        label="Batch size"
        value={settings.batch}
        min={1}
        max={MAX_BATCH}
        onValue={(batch) => set({ batch })}
      />
      {network && seq !== undefined && (
        <NumberField
          label={network.family === 'rnn' ? 'Time steps' : 'Sequence length'}
          value={seq}
          min={1}
          max={network.maxSeq ?? MAX_SEQ}
          hint={`up to ${(network.maxSeq ?? MAX_SEQ).toLocaleString('en-US')}`}
          onValue={(s) => set({ seq: s })}
        />
      )}
      <span className="ui-input np-field">
        <PrecisionSelect
          id={id('prec')}
          value={settings.precision}
          onChange={(precision) => set({ precision })}
          lacking={lacking}
        />
      </span>
      {settings.mode === 'train' && (
        <span className="ui-input np-field">
          <OptimizerSelect
            id={id('opt')}
            value={settings.optimizer}
            onChange={(optimizer) => set({ optimizer })}
          />
        </span>
      )}
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
