import { listZooNetworks, NETWORK_PRECISIONS, type NetworkPrecision } from '../../engine';
import { formatCount } from '../../format/units';
import type { SettingsPatch } from '../../state/useWidgetState';
import { GpuPicker } from '../../ui/GpuPicker';
import type { MemoryEngine } from './scenario';
import {
  CUSTOM_NETWORK,
  effectiveSeq,
  hasSequence,
  MAX_BATCH,
  MAX_SEQ,
  phaseApplies,
  zooNetworkOf,
  type MemorySettings,
} from './settings';

/** Props of the simulator's inputs. */
export interface MemoryInputsProps {
  settings: MemorySettings;
  set(patch: SettingsPatch<MemorySettings>): void;
  engine: MemoryEngine;
  idBase: string;
}

/** How each precision reads in the picker. */
export const PRECISION_LABELS: Readonly<Record<NetworkPrecision, string>> = {
  fp32: 'fp32',
  tf32: 'TF32',
  'amp-fp16': 'AMP fp16 (autocast)',
  'amp-bf16': 'AMP bf16 (autocast)',
};

const OPTIMIZER_LABELS = { sgd: 'SGD with momentum', adam: 'Adam', adamw: 'AdamW' } as const;

const PHASE_LABELS = {
  forward: 'forward (whole sequence, no cache)',
  prefill: 'prefill (the prompt, filling the KV cache)',
  decode: 'decode (one new token per sample)',
} as const;

/** A number input that ignores a cleared box (the last value stays until a number is typed). */
function NumberInput(props: {
  id: string;
  value: number;
  min: number;
  max: number;
  onValue(text: string): void;
  describedBy?: string;
}) {
  return (
    <input
      id={props.id}
      className="ui-field"
      type="number"
      inputMode="numeric"
      min={props.min}
      max={props.max}
      value={props.value}
      aria-describedby={props.describedBy}
      onChange={(e) => {
        if (e.target.value.trim() !== '') props.onValue(e.target.value);
      }}
    />
  );
}

/**
 * The step's inputs: GPU, network, training or inference (and the phase), batch, sequence,
 * precision (each one the GPU lacks marked, its reason shown when chosen), optimizer and
 * checkpointing for training.
 */
export function MemoryInputs({ settings, set, engine, idBase }: MemoryInputsProps) {
  const network = zooNetworkOf(settings.network);
  const training = settings.mode === 'train';
  const seq = effectiveSeq(settings);
  const id = (name: string) => `${idBase}-${name}`;
  const lacking = NETWORK_PRECISIONS.filter(
    (p) => engine.precisionProblem(settings.gpu, p) !== null,
  );
  return (
    <fieldset className="memory-inputs">
      <legend className="visually-hidden">The step to simulate</legend>
      <div className="memory-field">
        <GpuPicker value={settings.gpu} onChange={(gpu) => set({ gpu })} />
      </div>
      <div className="memory-field">
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
          <option value={CUSTOM_NETWORK}>Your own layers (builder)</option>
        </select>
      </div>
      <div className="memory-field memory-mode" role="radiogroup" aria-label="Step">
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
      </div>
      {phaseApplies(settings) && (
        <div className="memory-field">
          <label htmlFor={id('phase')}>Inference phase</label>
          <select
            id={id('phase')}
            className="ui-field"
            value={settings.phase}
            onChange={(e) => set({ phase: e.target.value })}
          >
            {(['forward', 'prefill', 'decode'] as const).map((p) => (
              <option key={p} value={p}>
                {PHASE_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="memory-field">
        <label htmlFor={id('batch')}>Batch size</label>
        <NumberInput
          id={id('batch')}
          value={settings.batch}
          min={1}
          max={MAX_BATCH}
          onValue={(batch) => set({ batch })}
        />
      </div>
      {network && hasSequence(network) && seq !== undefined && (
        <div className="memory-field">
          <label htmlFor={id('seq')}>
            {network.family === 'rnn'
              ? 'Time steps'
              : settings.phase === 'decode' && phaseApplies(settings)
                ? 'Cached positions'
                : 'Sequence length'}
          </label>
          <NumberInput
            id={id('seq')}
            value={seq}
            min={1}
            max={network.maxSeq ?? MAX_SEQ}
            describedBy={network.maxSeq === null ? undefined : id('seq-max')}
            onValue={(text) => set({ seq: text })}
          />
          {network.maxSeq !== null && (
            <span id={id('seq-max')} className="memory-hint">
              at most {formatCount(network.maxSeq)}
            </span>
          )}
        </div>
      )}
      <div className="memory-field">
        <label htmlFor={id('prec')}>Precision</label>
        <select
          id={id('prec')}
          className="ui-field"
          aria-describedby={lacking.length > 0 ? id('prec-hint') : undefined}
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
        {lacking.length > 0 && (
          <span id={id('prec-hint')} className="memory-hint">
            This GPU lacks {lacking.map((p) => PRECISION_LABELS[p].split(' (')[0]).join(' and ')}:
            choose one to see why.
          </span>
        )}
      </div>
      {training && (
        <div className="memory-field">
          <label htmlFor={id('opt')}>Optimizer</label>
          <select
            id={id('opt')}
            className="ui-field"
            value={settings.optimizer}
            onChange={(e) => set({ optimizer: e.target.value })}
          >
            {(['sgd', 'adam', 'adamw'] as const).map((o) => (
              <option key={o} value={o}>
                {OPTIMIZER_LABELS[o]}
              </option>
            ))}
          </select>
        </div>
      )}
      {training && (
        <div className="memory-field memory-check">
          <label>
            <input
              type="checkbox"
              checked={settings.checkpointing}
              onChange={(e) => set({ checkpointing: e.target.checked })}
            />{' '}
            Gradient checkpointing
          </label>
        </div>
      )}
    </fieldset>
  );
}
