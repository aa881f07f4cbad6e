import { SERVING_MODELS, type WeightFormat } from '../../engine/models';
import type { SettingsPatch } from '../../state/useWidgetState';
import {
  CheckSetting,
  NumberSetting,
  RadioSetting,
  SelectSetting,
  settingBinder,
} from '../../ui/field';
import { GpuPicker } from '../../ui/GpuPicker';
import { CUSTOM_MODEL, PRINT_MODEL, servingSchema, type ServingSettings } from './settings';
import '../../ui/inputs.css';

/** Props of the simulator's inputs. */
export interface ServingInputsProps {
  settings: ServingSettings;
  set(patch: SettingsPatch<ServingSettings>): void;
  idBase: string;
}

/** The wrapper of each input. */
const FIELD = 'ui-input sv-field';

/** Each model choice as the picker shows it. */
export function modelChoiceName(value: string): string {
  if (value === CUSTOM_MODEL) return 'Your decoder spec';
  if (value === PRINT_MODEL) return 'Your print(model)';
  return SERVING_MODELS.find((m) => m.id === value)?.name ?? value;
}

/** What each weight format is, in a few words. */
const WEIGHT_TEXT: Readonly<Record<WeightFormat, string>> = {
  bf16: 'bf16',
  fp16: 'fp16',
  fp8: 'fp8',
  int8: 'int8 (weight-only)',
  int4: 'int4 (weight-only, AWQ/GPTQ)',
};

/**
 * The server and the workload, each input reading its schema field: the model, the GPU, the
 * tensor-parallel GPUs, the weight and KV-cache formats, the input and output lengths, and how
 * many requests are in flight (a concurrency, or as many as fit).
 */
export function ServingInputs({ settings, set, idBase }: ServingInputsProps) {
  const { fields } = servingSchema;
  const bind = settingBinder({ fields, settings, set, idBase, className: FIELD });
  const max = settings.load === 'max';
  return (
    <fieldset className="ui-inputs sv-inputs">
      <legend className="visually-hidden">The server and its requests</legend>
      <SelectSetting {...bind('model')} text={modelChoiceName} />
      <div className={FIELD}>
        <GpuPicker field={fields.gpu} value={settings.gpu} onChange={(gpu) => set({ gpu })} />
      </div>
      <SelectSetting {...bind('tp')} />
      <SelectSetting {...bind('weights')} text={(w) => WEIGHT_TEXT[w]} />
      <SelectSetting {...bind('kvCache')} />
      <NumberSetting {...bind('inputTokens')} entry="check" keeper="the simulator" />
      <NumberSetting {...bind('outputTokens')} entry="check" keeper="the simulator" />
      <RadioSetting
        field={fields.load}
        value={settings.load}
        onValue={(load) => set({ load })}
        id={`${idBase}-load`}
        className={`${FIELD} sv-load`}
        options={[
          { value: 'clients', text: 'a fixed number of clients' },
          { value: 'max', text: 'as many as fit' },
        ]}
      />
      <NumberSetting
        {...bind('concurrency')}
        entry="check"
        keeper="the simulator"
        disabled={max}
        {...(max ? { hint: 'not used: as many as fit' } : {})}
      />
    </fieldset>
  );
}

/** The decoder spec's fields, shown when the model is the learner's spec. */
export function SpecInputs({ settings, set, idBase }: ServingInputsProps) {
  const { fields } = servingSchema;
  const bind = settingBinder({ fields, settings, set, idBase, className: FIELD });
  return (
    <fieldset className="ui-inputs sv-inputs sv-spec" data-spec-inputs>
      <legend>Your decoder (head size is hidden ÷ heads)</legend>
      <NumberSetting {...bind('layers')} entry="check" keeper="the simulator" />
      <NumberSetting {...bind('hidden')} entry="check" keeper="the simulator" />
      <NumberSetting {...bind('heads')} entry="check" keeper="the simulator" />
      <NumberSetting {...bind('kvHeads')} entry="check" keeper="the simulator" />
      <NumberSetting {...bind('ffn')} entry="check" keeper="the simulator" />
      <NumberSetting {...bind('vocab')} entry="check" keeper="the simulator" />
      <div className="sv-checks">
        <CheckSetting
          field={fields.gated}
          id={`${idBase}-gated`}
          value={settings.gated}
          onValue={(gated) => set({ gated })}
        />
        <CheckSetting
          field={fields.tiedEmbeddings}
          id={`${idBase}-tied`}
          value={settings.tiedEmbeddings}
          onValue={(tiedEmbeddings) => set({ tiedEmbeddings })}
        />
      </div>
    </fieldset>
  );
}
