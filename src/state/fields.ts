/**
 * The kinds of field a widget's state schema is made of, their builders, and the pure questions
 * asked of a value (is it valid, is it equal to another, how is it written in a URL).
 */

/**
 * What every field has: a URL key, a short human label for notices, and a default; and what a
 * form shows with it (src/ui/field reads these, so a view never writes them again).
 */
interface FieldCommon<T> {
  /** Short, readable URL key (`tasks`, `serial`): lowercase letters, digits and `-`. */
  key: string;
  /** Short human name used in notices and, unless `formLabel` says more, forms ("Tasks"). */
  label: string;
  /** The value used when nothing else says otherwise. */
  default: T;
  /** The label a form shows where it says more than `label` ("Your parallel fraction p"). */
  formLabel?: string;
  /** A short help text a form shows with the field ("Independent tasks in the batch"). */
  help?: string;
}

/** How a slider moves over a number field's range: evenly, or by equal ratios. */
export type FieldScale = 'linear' | 'log';

/** What a number field adds for forms: its unit, its slider's scale and its step. */
interface NumericForm {
  /** The unit a form writes after the label, in parentheses: "Serial fraction (%)". */
  unit?: string;
  /** How a slider over the field moves (linear unless given; log needs min > 0). */
  scale?: FieldScale;
  /** The step of the field's spinner or slider (1 for whole numbers unless given). */
  step?: number;
}

/** A whole number within [min, max]. */
export interface IntegerField extends FieldCommon<number>, NumericForm {
  kind: 'integer';
  min: number;
  max: number;
}

/** A finite number within [min, max], optionally rounded to `decimals` decimal places. */
export interface NumberField extends FieldCommon<number>, NumericForm {
  kind: 'number';
  min: number;
  max: number;
  decimals?: number;
}

/** Allowed string values: a fixed list, or a function returning them (e.g. catalog GPU ids). */
export type EnumValues<V extends string> = readonly V[] | (() => readonly V[]);

/** One string from a list of allowed values. */
export interface EnumField<V extends string = string> extends FieldCommon<V> {
  kind: 'enum';
  values: EnumValues<V>;
}

/** On or off. */
export interface BooleanField extends FieldCommon<boolean> {
  kind: 'boolean';
}

/** A list of distinct allowed values (`gpus=a100-sxm-80gb,h100-sxm`), at most `maxLength`. */
export interface EnumListField<V extends string = string> extends FieldCommon<readonly V[]> {
  kind: 'enum-list';
  values: EnumValues<V>;
  maxLength: number;
  /** Fewest entries allowed (0 when left out); a shorter list is replaced by the default. */
  minLength?: number;
}

/** Any field. */
export type Field = IntegerField | NumberField | EnumField | BooleanField | EnumListField;

/** A schema's fields, by state property name. */
export type FieldMap = Readonly<Record<string, Field>>;

/** The type of value a field holds. */
export type FieldValue<F> =
  F extends EnumListField<infer V>
    ? readonly V[]
    : F extends EnumField<infer V>
      ? V
      : F extends BooleanField
        ? boolean
        : number;

/** The state a set of fields describes. */
export type StateOf<F extends FieldMap> = { readonly [K in keyof F]: FieldValue<F[K]> };

type Spec<F extends Field> = Omit<F, 'kind'>;

/** An integer field (whole numbers, rounded from anything else). */
export function integerField(spec: Spec<IntegerField>): IntegerField {
  return { kind: 'integer', ...spec };
}

/** A number field (finite, clamped, rounded to `decimals` places when given). */
export function numberField(spec: Spec<NumberField>): NumberField {
  return { kind: 'number', ...spec };
}

/** An enum field; its value type is inferred from `values`. */
export function enumField<const V extends string>(spec: {
  key: string;
  label: string;
  default: NoInfer<V>;
  values: EnumValues<V>;
  formLabel?: string;
  help?: string;
}): EnumField<V> {
  return { kind: 'enum', ...spec };
}

/** A boolean field, written `true` / `false` in URLs. */
export function booleanField(spec: Spec<BooleanField>): BooleanField {
  return { kind: 'boolean', ...spec };
}

/** A list-of-enum field, written comma-separated in URLs; its entry type is inferred. */
export function enumListField<const V extends string>(spec: {
  key: string;
  label: string;
  default: readonly NoInfer<V>[];
  values: EnumValues<V>;
  maxLength: number;
  minLength?: number;
  formLabel?: string;
  help?: string;
}): EnumListField<V> {
  return { kind: 'enum-list', ...spec };
}

/** The values an enum or enum-list field allows right now. */
export function allowedValues(field: EnumField | EnumListField): readonly string[] {
  return typeof field.values === 'function' ? field.values() : field.values;
}

/** `value` rounded to `decimals` places (unchanged when `decimals` is undefined); -0 becomes 0. */
export function roundTo(value: number, decimals: number | undefined): number {
  const scale = decimals === undefined ? 1 : 10 ** decimals;
  const rounded = decimals === undefined ? value : Math.round(value * scale) / scale;
  return rounded === 0 ? 0 : rounded;
}

/** Whether `value` is a valid value of `field` (type, limits, allowed values, no duplicates). */
export function isValidFieldValue(field: Field, value: unknown): boolean {
  switch (field.kind) {
    case 'integer':
      return (
        Number.isInteger(value) &&
        !Object.is(value, -0) &&
        (value as number) >= field.min &&
        (value as number) <= field.max
      );
    case 'number':
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        value >= field.min &&
        value <= field.max &&
        Object.is(roundTo(value, field.decimals), value)
      );
    case 'enum':
      return typeof value === 'string' && allowedValues(field).includes(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum-list': {
      if (!Array.isArray(value)) return false;
      const allowed = allowedValues(field);
      return (
        value.length <= field.maxLength &&
        value.length >= (field.minLength ?? 0) &&
        new Set(value).size === value.length &&
        value.every((v) => typeof v === 'string' && allowed.includes(v))
      );
    }
  }
}

/** Whether two valid values of `field` are the same setting. */
export function sameFieldValue(field: Field, a: unknown, b: unknown): boolean {
  if (field.kind !== 'enum-list') return Object.is(a, b);
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((v, i) => v === b[i]);
}

/** How a valid value of `field` is written in a URL (before percent-encoding). */
export function formatFieldValue(field: Field, value: unknown): string {
  if (field.kind === 'enum-list') return (value as readonly string[]).join(',');
  return String(value);
}
