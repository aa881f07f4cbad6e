import { ELEMENT_PRESETS, EXPLORER_LIMITS, threadsPerBlockChoices } from './config';
import type { ExplorerController, ExplorerState } from './controller';
import { formatCount } from '../../format/units';

/** The kernel's size, its block size, and how threads are placed on an SM. */
export function KernelPicker({
  state,
  controller,
  idBase,
}: {
  state: ExplorerState;
  controller: ExplorerController;
  idBase: string;
}) {
  const { config, hardware } = state;
  const blockChoices = threadsPerBlockChoices(
    config.residency,
    config.coresPerSm,
    hardware.base.maxThreadsPerSm.value,
  );
  return (
    <fieldset className="explorer-fieldset">
      <legend>Kernel: ReLU</legend>
      <div className="explorer-field">
        <label htmlFor={`${idBase}-elements`}>Elements (one thread each)</label>
        <input
          id={`${idBase}-elements`}
          type="number"
          inputMode="numeric"
          min={EXPLORER_LIMITS.elements.min}
          max={EXPLORER_LIMITS.elements.max}
          value={config.elements}
          onChange={(e) => controller.configure({ elements: e.target.value })}
        />
      </div>
      <div className="explorer-field">
        <label htmlFor={`${idBase}-block`}>Threads per block</label>
        <select
          id={`${idBase}-block`}
          value={config.threadsPerBlock}
          onChange={(e) => controller.configure({ threadsPerBlock: Number(e.target.value) })}
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
            aria-pressed={config.elements === p.elements}
            title={`${formatCount(p.elements)} elements`}
            onClick={() => controller.configure({ elements: p.elements })}
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
            checked={config.residency === 'one-per-core'}
            onChange={() => controller.configure({ residency: 'one-per-core' })}
          />{' '}
          One thread per core (the simple picture)
        </label>
        <label>
          <input
            type="radio"
            name={`${idBase}-residency`}
            checked={config.residency === 'resident'}
            onChange={() => controller.configure({ residency: 'resident' })}
          />{' '}
          Up to {formatCount(hardware.base.maxThreadsPerSm.value)} resident threads per SM (what the
          hardware does)
        </label>
      </div>
    </fieldset>
  );
}
