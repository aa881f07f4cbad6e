import type { ReactNode } from 'react';
import type { BooleanField, EnumField, Field } from '../../state/schema';
import { fieldLabel } from './field-words';
import { settingClass } from './setting-base';
import '../inputs.css';

/** Props of a checkbox setting. */
export interface CheckSettingProps {
  field: BooleanField;
  value: boolean;
  onValue(value: boolean): void;
  /** The checkbox's id. */
  id?: string;
  /** Words after the label (code, say: "(<code>fused=True</code>)"). */
  after?: ReactNode;
  disabled?: boolean;
  /** The label's classes. */
  labelClassName?: string;
}

/** A checkbox inside its label, which comes from the field. */
export function CheckSetting(props: CheckSettingProps) {
  const { field, value, onValue, id, after, disabled, labelClassName } = props;
  return (
    <label className={labelClassName}>
      <input
        id={id}
        type="checkbox"
        checked={value}
        disabled={disabled}
        onChange={(e) => onValue(e.target.checked)}
      />{' '}
      {fieldLabel(field)}
      {after}
    </label>
  );
}

/** Props of a radio setting. */
export interface RadioSettingProps<V extends string> {
  field: EnumField<V>;
  value: string;
  onValue(value: NoInfer<V>): void;
  /** The radio group's name, unique on the page. */
  id: string;
  /** The choices in order, each with its text. */
  options: readonly { value: V; text: ReactNode }[];
  /** The group's classes (`ui-input` unless given). */
  className?: string;
  as?: 'div' | 'span';
}

/** Radios for an enum field, in a group named by the field's label. */
export function RadioSetting<V extends string>(props: RadioSettingProps<V>) {
  const { field, value, onValue, id, options } = props;
  const Tag = props.as ?? 'div';
  return (
    <Tag className={settingClass(props.className)} role="radiogroup" aria-label={fieldLabel(field)}>
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="radio"
            name={id}
            checked={value === o.value}
            onChange={() => onValue(o.value)}
          />{' '}
          {o.text}
        </label>
      ))}
    </Tag>
  );
}

/** A label for a control a widget builds itself (a slider over stops), from the field. */
export function FieldLabel(props: { field: Field; htmlFor: string }) {
  return <label htmlFor={props.htmlFor}>{fieldLabel(props.field)}</label>;
}
