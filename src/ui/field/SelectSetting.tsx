import { useId, type ReactNode } from 'react';
import { allowedValues, type EnumField } from '../../state/schema';
import { fieldHelp, fieldLabel } from './field-words';
import {
  controlClass,
  describedBy,
  SettingHint,
  settingClass,
  type SettingBaseProps,
} from './setting-base';
import '../inputs.css';

/** One choice as a picker shows it. */
export interface SettingOption {
  value: string;
  text: ReactNode;
}

/** Props of a select setting. */
export interface SelectSettingProps<V extends string> extends SettingBaseProps<EnumField<V>> {
  value: string;
  onValue(value: NoInfer<V>): void;
  /**
   * The choices shown, in order: by default every value the field allows, each as its `text`
   * (the value itself unless given). A widget may offer fewer (those the GPU can use).
   */
  options?: readonly SettingOption[];
  /** How a value reads in the picker (the value itself unless given). */
  text?(value: NoInfer<V>): ReactNode;
}

/** A labelled picker for an enum field: the label and help come from the field. */
export function SelectSetting<V extends string>(props: SelectSettingProps<V>) {
  const { field, value, onValue, hint, disabled } = props;
  const own = useId();
  const id = props.id ?? own;
  const help = fieldHelp(field);
  const options =
    props.options ??
    allowedValues(field).map((v) => ({ value: v, text: props.text ? props.text(v as V) : v }));
  const Tag = props.as ?? 'div';
  return (
    <Tag className={settingClass(props.className)}>
      <label htmlFor={id}>{props.label ?? fieldLabel(field)}</label>
      <select
        id={id}
        className={controlClass(props.controlClassName)}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy(id, hint, help)}
        onChange={(e) => onValue(e.target.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      <SettingHint id={id} hint={hint} help={help} />
    </Tag>
  );
}
