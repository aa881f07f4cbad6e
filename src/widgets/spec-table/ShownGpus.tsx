import { useId } from 'react';
import { listGpus, type GpuId } from '../../engine/catalog';
import { toggleGpu } from './settings';

/** Props of the spec table's GPU toggles. */
export interface ShownGpusProps {
  /** The GPUs shown now, in row order. */
  shown: readonly GpuId[];
  /** Called with the GPUs to show next (never empty). */
  onChange(next: readonly GpuId[]): void;
}

/**
 * A labelled group of checkboxes, one per catalog GPU, choosing which rows the table shows, and
 * a button that shows them all. The last GPU shown cannot be ticked off, and the hint says so.
 */
export function ShownGpus({ shown, onChange }: ShownGpusProps) {
  const hintId = `spec-picker-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const gpus = listGpus();
  const lastOne = shown.length === 1;
  return (
    <fieldset className="spec-picker">
      <legend>GPUs in the table</legend>
      <ul className="spec-picker-list">
        {gpus.map((gpu) => {
          const checked = shown.includes(gpu.id);
          return (
            <li key={gpu.id}>
              <label>
                <input
                  type="checkbox"
                  name="spec-gpus"
                  value={gpu.id}
                  checked={checked}
                  disabled={checked && lastOne}
                  aria-describedby={checked && lastOne ? hintId : undefined}
                  onChange={(e) => onChange(toggleGpu(shown, gpu.id, e.target.checked))}
                />
                {gpu.name}
              </label>
            </li>
          );
        })}
      </ul>
      <div className="spec-picker-foot">
        <button
          type="button"
          disabled={shown.length === gpus.length}
          onClick={() => onChange(gpus.map((g) => g.id))}
        >
          Show all
        </button>
        <p id={hintId} className="spec-picker-hint">
          {`${shown.length} of ${gpus.length} shown; at least one stays in the table.`}
        </p>
      </div>
    </fieldset>
  );
}
