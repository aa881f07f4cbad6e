import { fieldHelp, fieldLabel } from './field-words';
import { sliderScale } from './slider-scale';
import type { SettingBaseProps } from './setting-base';
import type { NumericField } from './field-words';

/** Props of a slider setting. */
export interface SliderSettingProps extends SettingBaseProps<NumericField> {
  /** The number box's id (the label's `for`); the slider is named by the help line. */
  id: string;
  value: number;
  onValue(value: number): void;
}

/**
 * A slider over a number field with a box for exact values: the label, limits, scale (linear or
 * log), step and help come from the field. The help line, under both, names the slider.
 */
export function SliderSetting({ field, id, value, onValue, className }: SliderSettingProps) {
  const scale = sliderScale(field, field.scale);
  const label = fieldLabel(field);
  return (
    <div className={className ?? 'ui-input'}>
      <label htmlFor={id}>{label}</label>
      <div className="setting-inputs">
        <input
          type="range"
          aria-labelledby={`${id}-label`}
          aria-valuetext={value.toLocaleString('en-US')}
          min={scale.min}
          max={scale.max}
          step={field.scale === 'log' ? undefined : field.step}
          value={scale.toSlider(value)}
          onChange={(e) => onValue(scale.fromSlider(Number(e.target.value)))}
        />
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={field.step}
          value={value}
          onChange={(e) => onValue(Number(e.target.value))}
        />
      </div>
      <p className="hint" id={`${id}-label`}>
        {label}: {fieldHelp(field)}
      </p>
    </div>
  );
}
