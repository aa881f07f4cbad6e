import { useId } from 'react';
import type { GpuId } from '../engine/catalog';
import type { Field } from '../state/schema';
import { cudaGpus } from '../torch';
import { fieldLabel } from './field/field-words';
import './field.css';
import './gpu-picker.css';

/** Props of the GPU picker. */
export interface GpuPickerProps {
  /** The settings field the picker sets: its label names the picker ("Simulated GPU"). */
  field: Field;
  value: GpuId;
  onChange(gpu: GpuId): void;
  disabled?: boolean;
  /** Extra words after the field's label, to keep labels unique on a page. */
  labelSuffix?: string;
}

/** A labelled select of the catalog GPUs that can play the simulated CUDA device. */
export function GpuPicker({ field, value, onChange, disabled, labelSuffix }: GpuPickerProps) {
  const id = useId();
  return (
    <span className="gpu-picker">
      <label htmlFor={id}>
        {fieldLabel(field)}
        {labelSuffix ? <span className="visually-hidden"> {labelSuffix}</span> : null}
      </label>
      <select
        id={id}
        className="ui-field"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as GpuId)}
      >
        {cudaGpus().map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </span>
  );
}
