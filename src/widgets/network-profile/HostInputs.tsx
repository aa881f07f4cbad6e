import type { SettingsPatch } from '../../state/useWidgetState';
import { NumberField } from './NumberField';
import { EXECUTION_CHOICES } from './labels';
import {
  DEFAULT_HOST_OP_MICROSECONDS,
  EXECUTIONS,
  MAX_HOST_OP_MICROSECONDS,
  MIN_HOST_OP_MICROSECONDS,
  type Execution,
  type NetworkProfileSettings,
} from './settings';
import '../../ui/inputs.css';

/** Props of the host's inputs. */
export interface HostInputsProps {
  settings: NetworkProfileSettings;
  set(patch: SettingsPatch<NetworkProfileSettings>): void;
  idBase: string;
}

/**
 * How PyTorch runs the step: eager, torch.compile or CUDA graphs; the optimizer fused or not (for
 * a training step); and how long the learner's host takes per eager op.
 */
export function HostInputs({ settings, set, idBase }: HostInputsProps) {
  const execId = `${idBase}-exec`;
  return (
    <fieldset className="ui-inputs np-inputs np-host-inputs">
      <legend className="visually-hidden">How PyTorch runs the step</legend>
      <span className="ui-input np-field">
        <label htmlFor={execId}>Execution</label>
        <select
          id={execId}
          className="ui-field"
          value={settings.execution}
          onChange={(e) => set({ execution: e.target.value as Execution })}
        >
          {EXECUTIONS.map((mode) => (
            <option key={mode} value={mode}>
              {EXECUTION_CHOICES[mode]}
            </option>
          ))}
        </select>
      </span>
      {settings.mode === 'train' && (
        <span className="ui-input np-field np-fused">
          <label className="np-check">
            <input
              type="checkbox"
              checked={settings.fused}
              onChange={(e) => set({ fused: e.target.checked })}
            />{' '}
            Fused optimizer (<code>fused=True</code>)
          </label>
        </span>
      )}
      <NumberField
        label="Host time per eager op (µs)"
        value={settings.hostOpMicroseconds}
        min={MIN_HOST_OP_MICROSECONDS}
        max={MAX_HOST_OP_MICROSECONDS}
        decimals={2}
        hint={`Lesson 8's calibration snippet prints yours; ${DEFAULT_HOST_OP_MICROSECONDS} µs is the H200 machine's.`}
        onValue={(hostOpMicroseconds) => set({ hostOpMicroseconds })}
      />
    </fieldset>
  );
}
