import type { SettingsPatch } from '../../state/useWidgetState';
import { CheckSetting, NumberSetting, SelectSetting, settingBinder } from '../../ui/field';
import { EXECUTION_CHOICES } from './labels';
import { networkProfileSchema, type NetworkProfileSettings } from './settings';
import '../../ui/inputs.css';

/** Props of the host's inputs. */
export interface HostInputsProps {
  settings: NetworkProfileSettings;
  set(patch: SettingsPatch<NetworkProfileSettings>): void;
  idBase: string;
}

/**
 * How PyTorch runs the step: eager, torch.compile or CUDA graphs; the optimizer fused or not (for
 * a training step); and how long the learner's host takes per eager op. Each reads its field.
 */
export function HostInputs({ settings, set, idBase }: HostInputsProps) {
  const { fields } = networkProfileSchema;
  const bind = settingBinder({
    fields,
    settings,
    set,
    idBase,
    className: 'ui-input np-field',
    as: 'span',
  });
  return (
    <fieldset className="ui-inputs np-inputs np-host-inputs">
      <legend className="visually-hidden">How PyTorch runs the step</legend>
      <SelectSetting {...bind('execution')} text={(mode) => EXECUTION_CHOICES[mode]} />
      {settings.mode === 'train' && (
        <span className="ui-input np-field np-fused">
          <CheckSetting
            {...bind('fused')}
            labelClassName="np-check"
            after={
              <>
                {' '}
                (<code>fused=True</code>)
              </>
            }
          />
        </span>
      )}
      <NumberSetting {...bind('hostOpMicroseconds')} entry="check" keeper="the profile" />
    </fieldset>
  );
}
