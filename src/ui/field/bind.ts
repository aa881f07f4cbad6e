/**
 * The props that tie a setting control to one field of a widget's settings: the schema field,
 * an id from the field's URL key, the current value, and a change that goes through the settings
 * hook's `set` (which checks it against the schema). One line per control in a widget's form.
 */
import type { FieldMap, FieldValue, StateOf } from '../../state/schema';
import type { SettingsPatch } from '../../state/useWidgetState';

/** What a widget's form binds its controls to. */
export interface SettingsBinding<F extends FieldMap> {
  /** The schema's fields. */
  fields: F;
  /** The current, checked settings. */
  settings: StateOf<F>;
  /** The settings hook's `set`. */
  set(patch: SettingsPatch<StateOf<F>>): void;
  /** The start of every control's id, unique on the page. */
  idBase: string;
  /** The wrapper's classes for every control (a widget's own layout). */
  className?: string;
  /** The wrappers' element. */
  as?: 'div' | 'span';
}

/** The props a control gets for one field (see SettingsBinding). */
export interface BoundSetting<Fld, Value> {
  field: Fld;
  id: string;
  className?: string;
  as?: 'div' | 'span';
  value: Value;
  onValue(value: Value | string): void;
}

/** A function that gives a control's props for a field, by the field's name in the schema. */
export function settingBinder<F extends FieldMap>(binding: SettingsBinding<F>) {
  const { fields, settings, set, idBase, className, as } = binding;
  return <K extends keyof F & string>(name: K): BoundSetting<F[K], FieldValue<F[K]>> => ({
    field: fields[name],
    id: `${idBase}-${fields[name]!.key}`,
    ...(className === undefined ? {} : { className }),
    ...(as === undefined ? {} : { as }),
    value: settings[name] as FieldValue<F[K]>,
    onValue: (value) => set({ [name]: value } as SettingsPatch<StateOf<F>>),
  });
}
