import { getGpu } from '../../engine/catalog';
import { formatCount } from '../../format/units';
import { FieldLabel, NumberSetting } from '../../ui/field';
import {
  ELEMENT_PRESETS,
  explorerSchema,
  resolveExplorerConfig,
  threadsPerBlockChoices,
} from './settings';
import type { PickerProps } from './HardwarePicker';
import '../../ui/field.css';

/** The kernel's size, its block size, and how threads are placed on an SM. */
export function KernelPicker({ settings, set, idBase }: PickerProps) {
  const config = resolveExplorerConfig(settings);
  const maxThreadsPerSm = getGpu(settings.gpuId).maxThreadsPerSm.value;
  const blockChoices = threadsPerBlockChoices(config.residency, config.coresPerSm, maxThreadsPerSm);
  return (
    <fieldset className="explorer-fieldset">
      <legend>Kernel: ReLU</legend>
      <NumberSetting
        field={explorerSchema.fields.elements}
        className="explorer-field"
        id={`${idBase}-elements`}
        value={settings.elements}
        onValue={(elements) => set({ elements })}
      />
      <div className="explorer-field">
        <FieldLabel field={explorerSchema.fields.threadsPerBlock} htmlFor={`${idBase}-block`} />
        <select
          className="ui-field"
          id={`${idBase}-block`}
          value={settings.threadsPerBlock}
          onChange={(e) => set({ threadsPerBlock: e.target.value })}
        >
          {blockChoices.map((t) => (
            <option key={t} value={t}>
              {t} ({t / 32} warp{t === 32 ? '' : 's'})
            </option>
          ))}
        </select>
      </div>
      <div className="explorer-shapes" role="group" aria-label="Tensor shapes">
        <span>Shapes:</span>
        {ELEMENT_PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            aria-pressed={settings.elements === p.elements}
            title={`${formatCount(p.elements)} elements`}
            onClick={() => set({ elements: p.elements })}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="explorer-residency" role="radiogroup" aria-label="How threads sit on an SM">
        <label>
          <input
            type="radio"
            name={`${idBase}-residency`}
            checked={settings.residency === 'one-per-core'}
            onChange={() => set({ residency: 'one-per-core' })}
          />{' '}
          One thread per core (the simple picture)
        </label>
        <label>
          <input
            type="radio"
            name={`${idBase}-residency`}
            checked={settings.residency === 'resident'}
            onChange={() => set({ residency: 'resident' })}
          />{' '}
          Up to {formatCount(maxThreadsPerSm)} resident threads per SM (what the hardware does)
        </label>
      </div>
    </fieldset>
  );
}
