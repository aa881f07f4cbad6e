/**
 * Settings controls that read their schema field: label, limits, unit, scale, step and help
 * are declared once, in the widget's settings schema, and every control and every text about a
 * setting reads them from there.
 */
export * from './field-words';
export * from './slider-scale';
export type { SettingBaseProps } from './setting-base';
export { settingBinder, type BoundSetting, type SettingsBinding } from './bind';
export { CountInput, type CountInputProps } from './CountInput';
export { NumberSetting, type NumberSettingProps } from './NumberSetting';
export { SelectSetting, type SelectSettingProps, type SettingOption } from './SelectSetting';
export {
  CheckSetting,
  FieldLabel,
  RadioSetting,
  type CheckSettingProps,
  type RadioSettingProps,
} from './ChoiceSettings';
export { SliderSetting, type SliderSettingProps } from './SliderSetting';
export { PasteArea, type PasteAreaProps } from './PasteArea';
