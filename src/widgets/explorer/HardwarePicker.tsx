import { getGpu, listGpus } from '../../engine/catalog';
import type { SettingsPatch } from '../../state/useWidgetState';
import { CountInput } from '../../ui/step-fields';
import {
  CATALOG_COUNT,
  CATALOG_COUNTS,
  EXPLORER_LIMITS,
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
      <div className="explorer-field explorer-field-wide">
        <label htmlFor={`${idBase}-gpu`}>GPU from the catalog</label>
        <select
          className="ui-field"
          id={`${idBase}-gpu`}
          value={settings.gpuId}
          onChange={(e) => set({ gpuId: e.target.value, ...CATALOG_COUNTS })}
        >
          {listGpus().map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <div className="explorer-field">
        <label htmlFor={`${idBase}-sms`}>{word}s</label>
        <CountInput
          id={`${idBase}-sms`}
          min={EXPLORER_LIMITS.sms.min}
          max={EXPLORER_LIMITS.sms.max}
          value={config.sms}
          onValue={(sms) => set({ sms })}
        />
      </div>
      <div className="explorer-field">
        <label htmlFor={`${idBase}-cores`}>Cores per {word}</label>
        <CountInput
          id={`${idBase}-cores`}
          min={EXPLORER_LIMITS.coresPerSm.min}
          max={EXPLORER_LIMITS.coresPerSm.max}
          step={EXPLORER_LIMITS.coresPerSm.step}
          value={config.coresPerSm}
          describedBy={`${idBase}-cores-hint`}
          onValue={(coresPerSm) => set({ coresPerSm })}
        />
        <p className="hint" id={`${idBase}-cores-hint`}>
          A multiple of 32, one warp
        </p>
      </div>
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
