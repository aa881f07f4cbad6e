import {
  getZooNetwork,
  listZooNetworks,
  NETWORK_PRECISIONS,
  OPTIMIZER_IDS,
  type GpuId,
  type NetworkPrecision,
} from '../../engine';
import type { SettingsPatch } from '../../state/useWidgetState';
import { GpuPicker } from '../../ui/GpuPicker';
import type { ProfileEngine } from './engine-port';
import { effectiveSeq, MAX_BATCH, MAX_SEQ, type NetworkProfileSettings } from './settings';
import { WholeNumber } from './WholeNumber';

/** Props of the profile's inputs. */
export interface ProfileInputsProps {
  settings: NetworkProfileSettings;
  set(patch: SettingsPatch<NetworkProfileSettings>): void;
  engine: ProfileEngine;
  idBase: string;
}

/** How each precision reads in the picker. */
const PRECISION_LABELS: Readonly<Record<NetworkPrecision, string>> = {
  fp32: 'fp32',
  tf32: 'TF32',
  'amp-fp16': 'AMP fp16 (autocast)',
  'amp-bf16': 'AMP bf16 (autocast)',
};

const OPTIMIZER_NAMES = { sgd: 'SGD with momentum', adam: 'Adam', adamw: 'AdamW' } as const;

/**
 * The step to profile: GPU, network, training or inference, batch, sequence length (time steps
 * for the LSTM), precision (each one the GPU lacks marked) and the optimizer of a training step.
 */
export function ProfileInputs({ settings, set, engine, idBase }: ProfileInputsProps) {
  const network = getZooNetwork(settings.network);
  const seq = effectiveSeq(settings);
  const id = (name: string) => `${idBase}-${name}`;
  const lacking = NETWORK_PRECISIONS.filter(
    (p) => engine.precisionProblem(settings.gpu, p) !== null,
  );
  return (
    <fieldset className="np-inputs">
      <legend className="visually-hidden">The step to profile</legend>
      <span className="np-field">
        <label htmlFor={id('net')}>Network</label>
        <select
          id={id('net')}
          className="ui-field"
          value={settings.network}
          onChange={(e) => set({ network: e.target.value, seq: 0 })}
        >
          {listZooNetworks().map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </select>
      </span>
      <span className="np-field">
        <GpuPicker value={settings.gpu as GpuId} onChange={(gpu) => set({ gpu })} />
      </span>
      <span className="np-field np-mode" role="radiogroup" aria-label="Step">
        {(['train', 'inference'] as const).map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name={id('mode')}
              checked={settings.mode === mode}
              onChange={() => set({ mode })}
            />{' '}
            {mode === 'train' ? 'Training step' : 'Inference'}
          </label>
        ))}
      </span>
      <WholeNumber
        label="Batch size"
        value={settings.batch}
        min={1}
        max={MAX_BATCH}
        onValue={(batch) => set({ batch })}
      />
      {seq !== undefined && (
        <WholeNumber
          label={network.family === 'rnn' ? 'Time steps' : 'Sequence length'}
          value={seq}
          min={1}
          max={network.maxSeq ?? MAX_SEQ}
          hint={`up to ${(network.maxSeq ?? MAX_SEQ).toLocaleString('en-US')}`}
          onValue={(s) => set({ seq: s })}
        />
      )}
      <span className="np-field">
        <label htmlFor={id('prec')}>Precision</label>
        <select
          id={id('prec')}
          className="ui-field"
          value={settings.precision}
          onChange={(e) => set({ precision: e.target.value })}
        >
          {NETWORK_PRECISIONS.map((p) => (
            <option key={p} value={p}>
              {PRECISION_LABELS[p]}
              {lacking.includes(p) ? ' (not on this GPU)' : ''}
            </option>
          ))}
        </select>
      </span>
      {settings.mode === 'train' && (
        <span className="np-field">
          <label htmlFor={id('opt')}>Optimizer</label>
          <select
            id={id('opt')}
            className="ui-field"
            value={settings.optimizer}
            onChange={(e) => set({ optimizer: e.target.value })}
          >
            {OPTIMIZER_IDS.map((o) => (
              <option key={o} value={o}>
                {OPTIMIZER_NAMES[o]}
              </option>
            ))}
          </select>
        </span>
      )}
    </fieldset>
  );
}
