import { listGpus } from '../../engine';
import { EXPLORER_LIMITS } from './config';
import type { ExplorerController, ExplorerState } from './controller';
import { smWord } from './hardware';

/** Choosing a catalog GPU, or setting SMs and cores per SM by hand. */
export function HardwarePicker({
  state,
  controller,
  idBase,
}: {
  state: ExplorerState;
  controller: ExplorerController;
  idBase: string;
}) {
  const { config, hardware } = state;
  const word = smWord(hardware.base);
  return (
    <fieldset className="explorer-fieldset">
      <legend>Hardware</legend>
      <div className="explorer-field explorer-field-wide">
        <label htmlFor={`${idBase}-gpu`}>GPU from the catalog</label>
        <select
          id={`${idBase}-gpu`}
          value={config.gpuId}
          onChange={(e) => controller.configure({ gpuId: e.target.value })}
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
        <input
          id={`${idBase}-sms`}
          type="number"
          inputMode="numeric"
          min={EXPLORER_LIMITS.sms.min}
          max={EXPLORER_LIMITS.sms.max}
          value={config.sms}
          onChange={(e) => controller.configure({ sms: e.target.value })}
        />
      </div>
      <div className="explorer-field">
        <label htmlFor={`${idBase}-cores`}>Cores per {word}</label>
        <input
          id={`${idBase}-cores`}
          type="number"
          inputMode="numeric"
          min={EXPLORER_LIMITS.coresPerSm.min}
          max={EXPLORER_LIMITS.coresPerSm.max}
          step={EXPLORER_LIMITS.coresPerSm.step}
          value={config.coresPerSm}
          aria-describedby={`${idBase}-cores-hint`}
          onChange={(e) => controller.configure({ coresPerSm: e.target.value })}
        />
        <p className="hint" id={`${idBase}-cores-hint`}>
          A multiple of 32, one warp
        </p>
      </div>
      {hardware.custom && (
        <p className="explorer-custom-note">
          Set by hand: counts and peaks scaled from the {hardware.base.name}; memory and bandwidth
          stay the same.{' '}
          <button type="button" onClick={() => controller.resetToCatalog()}>
            Back to the catalog counts
          </button>
        </p>
      )}
    </fieldset>
  );
}
