/**
 * A widget's state schema, declared once: typed fields with defaults and limits, a version, an
 * optional cross-field check and an optional migration. `checkState` turns any outside input
 * into a valid state plus notices, and never throws. Pure: no React, no DOM.
 */
import { coerceField } from './coerce';
import {
  allowedValues,
  isValidFieldValue,
  roundTo,
  type Field,
  type FieldMap,
  type StateOf,
} from './fields';
import { boundNotice } from './notice-text';

export * from './fields';

/** A valid state and the notices explaining every change made to reach it. */
export interface Checked<S> {
  state: S;
  notices: string[];
}

/** What a widget declares; see `defineWidgetSchema`. */
export interface WidgetSchemaSpec<F extends FieldMap> {
  /** Widget id and URL prefix (`race` → `race.tasks=…`): lowercase letters, digits and `-`. */
  id: string;
  /** Integer ≥ 1; raise it when a URL key changes meaning, and add `migrate`. */
  version: number;
  fields: F;
  /** Cross-field rules on an otherwise valid state (must be idempotent). */
  check?(state: StateOf<F>): Checked<StateOf<F>>;
  /** Rewrites the URL pairs (short keys, no prefix) of an older version into this version's. */
  migrate?(fromVersion: number, raw: ReadonlyMap<string, string>): ReadonlyMap<string, string>;
}

/** A checked schema, with its defaults worked out. */
export interface WidgetSchema<F extends FieldMap = FieldMap> extends WidgetSchemaSpec<F> {
  readonly defaults: StateOf<F>;
}

/** Any widget's schema (for registries and the fuzz helper). */
export type AnyWidgetSchema = WidgetSchema<FieldMap>;

/** The state type of a schema. */
export type SchemaState<S> = S extends WidgetSchema<infer F> ? StateOf<F> : never;

/** Ids, URL keys and instance names: lowercase letters, digits, `-`, starting with a letter. */
export const NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** Property names a state may not use (they would reach Object.prototype). */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function assertField(id: string, name: string, field: Field): void {
  const where = `Schema ${id}, field ${name}`;
  if (FORBIDDEN_NAMES.has(name)) throw new Error(`${where}: name not allowed.`);
  if (!NAME_PATTERN.test(field.key) || field.key === 'v') {
    throw new Error(`${where}: URL key "${field.key}" must match ${NAME_PATTERN} and not be "v".`);
  }
  if (field.kind === 'integer' || field.kind === 'number') {
    const ok =
      Number.isFinite(field.min) &&
      Number.isFinite(field.max) &&
      field.min <= field.max &&
      (field.kind === 'number' || (Number.isInteger(field.min) && Number.isInteger(field.max))) &&
      (field.kind === 'integer' ||
        (roundTo(field.min, field.decimals) === field.min &&
          roundTo(field.max, field.decimals) === field.max));
    if (!ok) throw new Error(`${where}: limits [${field.min}, ${field.max}] are not usable.`);
    if (field.scale === 'log' && !(field.min > 0)) {
      throw new Error(`${where}: a log scale needs a minimum above 0.`);
    }
    if (field.step !== undefined && !(Number.isFinite(field.step) && field.step > 0)) {
      throw new Error(`${where}: the step must be a number above 0.`);
    }
  }
  if (field.kind === 'enum-list') {
    if (allowedValues(field).some((v) => v === '' || v.includes(','))) {
      throw new Error(`${where}: list values may not be empty or contain ",".`);
    }
    if (!Number.isInteger(field.maxLength) || field.maxLength < (field.minLength ?? 0)) {
      throw new Error(`${where}: maxLength must be an integer ≥ minLength.`);
    }
  }
  if (!isValidFieldValue(field, field.default)) {
    throw new Error(`${where}: the default is not a valid value.`);
  }
}

/**
 * Declares a widget's state schema; the state type is inferred from the fields. Throws on a
 * schema that cannot work (bad names, duplicate keys, a default outside its own limits): that is
 * a programming error, found by the first test that imports the schema.
 */
export function defineWidgetSchema<const F extends FieldMap>(
  spec: WidgetSchemaSpec<F>,
): WidgetSchema<F> {
  if (!NAME_PATTERN.test(spec.id)) throw new Error(`Schema id "${spec.id}" is not usable.`);
  if (!Number.isInteger(spec.version) || spec.version < 1) {
    throw new Error(`Schema ${spec.id}: version must be an integer ≥ 1.`);
  }
  const keys = new Set<string>();
  const defaults: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    assertField(spec.id, name, field);
    if (keys.has(field.key)) throw new Error(`Schema ${spec.id}: URL key ${field.key} repeats.`);
    keys.add(field.key);
    defaults[name] = field.default;
  }
  return { ...spec, defaults: defaults as StateOf<F> };
}

/** Reads an own property of an outside object without ever throwing (getters may throw). */
function readOwn(input: object, name: string): { present: boolean; value: unknown } {
  try {
    if (!Object.prototype.hasOwnProperty.call(input, name)) return { present: false, value: null };
    return { present: true, value: (input as Record<string, unknown>)[name] };
  } catch {
    return { present: true, value: Symbol('unreadable') };
  }
}

/** Field-by-field check of `input` over `base`; absent or undefined fields keep `base`'s value. */
function checkFields<F extends FieldMap>(
  schema: WidgetSchema<F>,
  input: object,
  base: StateOf<F>,
): Checked<StateOf<F>> {
  const state: Record<string, unknown> = {};
  const notices: string[] = [];
  for (const [name, field] of Object.entries(schema.fields)) {
    const { present, value } = readOwn(input, name);
    const fallback = (base as Record<string, unknown>)[name];
    if (!present || value === undefined) {
      state[name] = isValidFieldValue(field, fallback) ? fallback : field.default;
      continue;
    }
    const result = coerceField(field, value);
    state[name] = result.value;
    notices.push(...result.notices);
  }
  return { state: state as StateOf<F>, notices };
}

/**
 * Checks any outside input (lesson props, form values, parsed URL strings) into a valid state:
 * out-of-range values are clamped, malformed ones replaced by the default, integers rounded, and
 * then the schema's cross-field `check` runs. Fields missing from `input` keep `base`'s values
 * (the defaults unless given). Every change gets a short notice. Never throws.
 */
export function checkState<F extends FieldMap>(
  schema: WidgetSchema<F>,
  input: unknown,
  base: StateOf<F> = schema.defaults,
): Checked<StateOf<F>> {
  try {
    const notices: string[] = [];
    let source: object = {};
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) source = input;
    else if (input !== undefined && input !== null) {
      notices.push('These settings could not be read; using the usual ones.');
    }
    const fields = checkFields(schema, source, base);
    notices.push(...fields.notices);
    let state = fields.state;
    if (schema.check) {
      const crossed = schema.check(state);
      // Whatever the cross-field rule returns is checked again, field by field.
      const again = checkFields(schema, crossed.state, state);
      state = again.state;
      notices.push(...crossed.notices, ...again.notices);
    }
    return { state, notices: notices.map((n) => boundNotice(String(n))) };
  } catch {
    return {
      state: schema.defaults,
      notices: ['These settings could not be checked; using the usual ones.'],
    };
  }
}
