import { NETWORK_PRECISIONS } from '../../engine/models';
import { formatCount } from '../../format/units';
import type { SettingsPatch } from '../../state/useWidgetState';
import { GpuPicker } from '../../ui/GpuPicker';
import {
  CountInput,
  NetworkSelect,
  OptimizerSelect,
  PRECISION_LABELS,
  PrecisionSelect,
  StepModeRadios,
} from '../../ui/step-fields';
import type { MemoryEngine } from './scenario';
import {
  CUSTOM_NETWORK,
  effectiveSeq,
  hasSequence,
  MAX_BATCH,
  MAX_SEQ,
  phaseApplies,
  PRINT_NETWORK,
  zooNetworkOf,
  type MemorySettings,
} from './settings';
import '../../ui/inputs.css';

/** Props of the simulator's inputs. */
export interface MemoryInputsProps {
  settings: MemorySettings;
  set(patch: SettingsPatch<MemorySettings>): void;
  engine: MemoryEngine;
  idBase: string;
}

/** How each inference phase reads in the picker. */
const PHASE_LABELS = {
  forward: 'forward (whole sequence, no cache)',
  prefill: 'prefill (the prompt, filling the KV cache)',
  decode: 'decode (one new token per sample)',
} as const;

/**
 * The step's inputs: GPU, network, training or inference (and the phase), batch, sequence,
 * precision (each one the GPU lacks marked, its reason shown when chosen), optimizer,
 * checkpointing and a chunked cross-entropy for training.
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
    <fieldset className="ui-inputs memory-inputs">
      <legend className="visually-hidden">The step to simulate</legend>
      <div className="ui-input memory-field">
        <GpuPicker value={settings.gpu} onChange={(gpu) => set({ gpu })} />
      </div>
      <div className="ui-input memory-field">
        <NetworkSelect
          id={id('net')}
          value={settings.network}
          onChange={(network) => set({ network, seq: 0 })}
          extraOptions={
            <>
              <option value={CUSTOM_NETWORK}>Your own layers (builder)</option>
              <option value={PRINT_NETWORK}>Paste print(model)</option>
            </>
          }
        />
      </div>
      <div className="ui-input memory-field memory-mode" role="radiogroup" aria-label="Step">
        <StepModeRadios
          name={id('mode')}
          value={settings.mode}
          onChange={(mode) => set({ mode })}
        />
      </div>
      {phaseApplies(settings) && (
        <div className="ui-input memory-field">
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
      <div className="ui-input memory-field">
        <label htmlFor={id('batch')}>Batch size</label>
        <CountInput
          id={id('batch')}
          value={settings.batch}
          min={1}
          max={MAX_BATCH}
          onValue={(batch) => set({ batch })}
        />
      </div>
      {network && hasSequence(network) && seq !== undefined && (
        <div className="ui-input memory-field">
          <label htmlFor={id('seq')}>
            {network.family === 'rnn'
              ? 'Time steps'
              : settings.phase === 'decode' && phaseApplies(settings)
                ? 'Cached positions'
                : 'Sequence length'}
          </label>
          <CountInput
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
      <div className="ui-input memory-field">
        <PrecisionSelect
          id={id('prec')}
          value={settings.precision}
          onChange={(precision) => set({ precision })}
          lacking={lacking}
          describedBy={lacking.length > 0 ? id('prec-hint') : undefined}
        />
        {lacking.length > 0 && (
          <span id={id('prec-hint')} className="memory-hint">
            This GPU lacks {lacking.map((p) => PRECISION_LABELS[p].split(' (')[0]).join(' and ')}:
            choose one to see why.
          </span>
        )}
      </div>
      {training && (
        <div className="ui-input memory-field">
          <OptimizerSelect
            id={id('opt')}
            value={settings.optimizer}
            onChange={(optimizer) => set({ optimizer })}
          />
        </div>
      )}
      {training && (
        <div className="ui-input memory-field memory-check">
          <label>
            <input
              type="checkbox"
              checked={settings.checkpointing}
              onChange={(e) => set({ checkpointing: e.target.checked })}
            />{' '}
            Gradient checkpointing
          </label>
          <label>
            <input
              type="checkbox"
              checked={settings.chunkedLoss}
              onChange={(e) => set({ chunkedLoss: e.target.checked })}
            />{' '}
            Chunked cross-entropy
          </label>
        </div>
      )}
    </fieldset>
  );
}
