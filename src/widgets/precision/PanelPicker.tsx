import { useId } from 'react';
import { PANELS, type Panel } from './settings';

/** What each part is called in the picker. */
export const PANEL_LABELS: Record<Panel, string> = {
  formats: 'Number formats',
  scaling: 'Loss scaling',
  autocast: 'Autocast',
  step: 'Step time (modeled)',
  kernel: 'On your GPU (measured)',
};

/** Props of the picker. */
export interface PanelPickerProps {
  value: Panel;
  onChange(panel: Panel): void;
}

/** Radio buttons choosing the part of the explorer shown (arrow keys move between them). */
export function PanelPicker({ value, onChange }: PanelPickerProps) {
  const name = `precision-part-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <fieldset className="precision-parts">
      <legend className="visually-hidden">Part of the explorer shown</legend>
      {PANELS.map((panel) => (
        <label key={panel} className={panel === value ? 'is-current' : undefined}>
          <input
            type="radio"
            name={name}
            value={panel}
            checked={panel === value}
            onChange={() => onChange(panel)}
          />
          {PANEL_LABELS[panel]}
        </label>
      ))}
    </fieldset>
  );
}
