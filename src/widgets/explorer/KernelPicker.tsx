import { getGpu } from '../../engine/catalog';
import { formatCount } from '../../format/units';
import { PresetButtons } from '../../ui/PresetButtons';
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
      <PresetButtons
        className="explorer-shapes"
        label="Tensor shapes"
        lead="Shapes:"
        presets={ELEMENT_PRESETS.map((p) => ({
          key: p.label,
          label: p.label,
          title: `${formatCount(p.elements)} elements`,
          pressed: settings.elements === p.elements,
          onPick: () => set({ elements: p.elements }),
        }))}
      />
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
