import { getGpu, listGpus } from '../../engine/catalog';
import type { SettingsPatch } from '../../state/useWidgetState';
import { NumberSetting, SelectSetting } from '../../ui/field';
import {
  CATALOG_COUNT,
  CATALOG_COUNTS,
  EXPLORER_LIMITS,
  explorerSchema,
  resolveExplorerConfig,
  type ExplorerSettings,
} from './settings';
import { smWord } from './hardware';
import '../../ui/field.css';

/** Props of the hardware picker: the settings, and the one way to change them. */
export interface PickerProps {
  settings: ExplorerSettings;
  /** The settings hook's `set`: checks the change and writes the URL. */
  set(patch: SettingsPatch<ExplorerSettings>): void;
  idBase: string;
}

/** Choosing a catalog GPU, or setting SMs and cores per SM by hand. */
export function HardwarePicker({ settings, set, idBase }: PickerProps) {
  const config = resolveExplorerConfig(settings);
  const base = getGpu(settings.gpuId);
  const word = smWord(base);
  const custom = settings.sms !== CATALOG_COUNT || settings.coresPerSm !== CATALOG_COUNT;
  return (
    <fieldset className="explorer-fieldset">
      <legend>Hardware</legend>
      <SelectSetting
        field={explorerSchema.fields.gpuId}
        className="explorer-field explorer-field-wide"
        id={`${idBase}-gpu`}
        value={settings.gpuId}
        options={listGpus().map((g) => ({ value: g.id, text: g.name }))}
        onValue={(gpuId) => set({ gpuId, ...CATALOG_COUNTS })}
      />
      {/* The counts are named for the GPU's own word for an SM (a CU on AMD). */}
      <NumberSetting
        field={explorerSchema.fields.sms}
        className="explorer-field"
        id={`${idBase}-sms`}
        label={`${word}s`}
        min={EXPLORER_LIMITS.sms.min}
        value={config.sms}
        onValue={(sms) => set({ sms })}
      />
      <NumberSetting
        field={explorerSchema.fields.coresPerSm}
        className="explorer-field"
        id={`${idBase}-cores`}
        label={`Cores per ${word}`}
        min={EXPLORER_LIMITS.coresPerSm.min}
        value={config.coresPerSm}
        onValue={(coresPerSm) => set({ coresPerSm })}
      />
      {custom && (
        <p className="explorer-custom-note">
          Set by hand: counts and peaks scaled from the {base.name}; memory and bandwidth stay the
          same.{' '}
          <button type="button" onClick={() => set(CATALOG_COUNTS)}>
            Back to the catalog counts
          </button>
        </p>
      )}
    </fieldset>
  );
}
