import { formatCount } from '../../format/units';
import { effectiveSeq, hasSequence, lackingPrecisions, zooNetworkOf } from '../../network-step';
import type { SettingsPatch } from '../../state/useWidgetState';
import { CheckSetting, NumberSetting, SelectSetting, settingBinder } from '../../ui/field';
import { GpuPicker } from '../../ui/GpuPicker';
import {
  NetworkSetting,
  OptimizerSetting,
  PrecisionSetting,
  precisionShortName,
  SequenceSetting,
  StepModeSetting,
} from '../../ui/step-fields';
import type { MemoryEngine } from './scenario';
import { memorySchema, phaseApplies, phaseOf, type MemorySettings } from './settings';
import '../../ui/inputs.css';

/** Props of the simulator's inputs. */
export interface MemoryInputsProps {
  settings: MemorySettings;
  set(patch: SettingsPatch<MemorySettings>): void;
  engine: MemoryEngine;
  idBase: string;
}

/** How each inference phase reads in the picker. */
const PHASE_NAMES = {
  forward: 'forward (whole sequence, no cache)',
  prefill: 'prefill (the prompt, filling the KV cache)',
  decode: 'decode (one new token per sample)',
} as const;

/** The wrapper of each input. */
const FIELD = 'ui-input memory-field';

/**
 * The step's inputs, each reading its schema field: GPU, network, training or inference (and
 * the phase), batch, sequence, precision (each one the GPU lacks marked, its reason shown when
 * chosen), optimizer, checkpointing and a chunked cross-entropy for training.
 */
export function MemoryInputs({ settings, set, engine, idBase }: MemoryInputsProps) {
  const bind = settingBinder({
    fields: memorySchema.fields,
    settings,
    set,
    idBase,
    className: FIELD,
  });
  const network = zooNetworkOf(settings.network);
  const training = settings.mode === 'train';
  const seq = effectiveSeq(settings.network, settings.seq);
  const lacking = lackingPrecisions((p) => engine.precisionProblem(settings.gpu, p));
  return (
    <fieldset className="ui-inputs memory-inputs">
      <legend className="visually-hidden">The step to simulate</legend>
      <div className={FIELD}>
        <GpuPicker
          field={memorySchema.fields.gpu}
          value={settings.gpu}
          onChange={(gpu) => set({ gpu })}
        />
      </div>
      <NetworkSetting {...bind('network')} onValue={(network) => set({ network, seq: 0 })} />
      <StepModeSetting {...bind('mode')} className={`${FIELD} ui-input-row`} />
      {phaseApplies(settings) && <SelectSetting {...bind('phase')} text={(p) => PHASE_NAMES[p]} />}
      <NumberSetting {...bind('batch')} />
      {network && hasSequence(network) && seq !== undefined && (
        <SequenceSetting
          {...bind('seq')}
          value={seq}
          network={settings.network}
          phase={phaseOf(settings)}
          {...(network.maxSeq === null
            ? {}
            : { hintFor: (max: number) => `at most ${formatCount(max)}` })}
        />
      )}
      <PrecisionSetting
        {...bind('precision')}
        lacking={lacking}
        {...(lacking.length > 0
          ? {
              hint: `This GPU lacks ${lacking.map(precisionShortName).join(' and ')}: choose one to see why.`,
            }
          : {})}
      />
      {training && <OptimizerSetting {...bind('optimizer')} />}
      {training && (
        <div className={`${FIELD} ui-input-row`}>
          <CheckSetting {...bind('checkpointing')} />
          <CheckSetting {...bind('chunkedLoss')} />
        </div>
      )}
    </fieldset>
  );
}
