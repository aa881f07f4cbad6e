import { useId } from 'react';
import { numberTextIn, useTypedNumber } from '../useTypedNumber';
import { CountInput } from './CountInput';
import {
  correctionText,
  decimalsOf,
  fieldHelp,
  fieldLabel,
  type NumericField,
} from './field-words';
import { describedBy, SettingHint, settingClass, type SettingBaseProps } from './setting-base';
import '../inputs.css';

/** Props of a number setting. */
export interface NumberSettingProps extends SettingBaseProps<NumericField> {
  value: number;
  /**
   * How typed text reaches the settings. 'clamp' (the default): as it is typed, for the schema
   * to check (out of range is clamped, with a notice); a cleared box changes nothing. 'check':
   * only a number within the limits; anything else stays in the box, marked, with what to type,
   * and the last good value stays in force.
   */
  entry?: 'clamp' | 'check';
  /** Typed text ('clamp') or a checked number ('check'). */
  onValue(value: number | string): void;
  /** A tighter maximum the state sets now (a network's longest sequence); the field's otherwise. */
  max?: number;
  /** A tighter minimum the state sets now; the field's otherwise. */
  min?: number;
  /** Who keeps the last good value while the text is invalid ('check'): "the profile". */
  keeper?: string;
}

/**
 * A labelled number box for a schema field: the label, limits, step, unit and help come from the
 * field, so the view writes none of them.
 */
export function NumberSetting(props: NumberSettingProps) {
  return props.entry === 'check' ? <CheckedNumber {...props} /> : <ClampedNumber {...props} />;
}

function ClampedNumber(props: NumberSettingProps) {
  const { field, value, onValue, hint, disabled } = props;
  const own = useId();
  const id = props.id ?? own;
  const help = fieldHelp(field);
  const Tag = props.as ?? 'div';
  return (
    <Tag className={settingClass(props.className)}>
      <label htmlFor={id}>{props.label ?? fieldLabel(field)}</label>
      <CountInput
        id={id}
        min={props.min ?? field.min}
        max={props.max ?? field.max}
        step={field.step}
        value={value}
        disabled={disabled}
        describedBy={describedBy(id, hint, help)}
        onValue={onValue}
      />
      <SettingHint id={id} hint={hint} help={help} />
    </Tag>
  );
}

function CheckedNumber(props: NumberSettingProps) {
  const { field, value, onValue, hint } = props;
  const limits = {
    min: props.min ?? field.min,
    max: props.max ?? field.max,
    decimals: decimalsOf(field),
  };
  const typed = useTypedNumber({
    value,
    valid: numberTextIn(limits.min, limits.max, limits.decimals),
    onValue,
    decimal: limits.decimals > 0,
    ...(props.id === undefined ? {} : { id: props.id }),
  });
  const id = typed.id;
  const help = fieldHelp(field);
  const Tag = props.as ?? 'div';
  return (
    <Tag className={settingClass(props.className)}>
      <label htmlFor={id}>{props.label ?? fieldLabel(field)}</label>
      <input
        {...typed.inputProps}
        disabled={props.disabled}
        aria-describedby={describedBy(id, hint, help, !typed.ok)}
      />
      <SettingHint id={id} hint={hint} help={help} />
      {!typed.ok && (
        <span id={`${id}-error`} className="ui-input-error" role="status">
          {correctionText(limits, value, props.keeper ?? 'the widget')}
        </span>
      )}
    </Tag>
  );
}
