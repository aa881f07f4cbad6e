/**
 * A widget's state as URL pairs (`race.tasks=1000`) and back: only settings that differ from a
 * baseline are written; reading ignores unknown keys, migrates older versions and checks every
 * value through the schema. Pure, and reading never throws.
 */
import { formatFieldValue, sameFieldValue, type FieldMap, type StateOf } from './fields';
import { checkState, NAME_PATTERN, type Checked, type WidgetSchema } from './schema';
import { snippet } from './notice-text';

/** The URL key (after the prefix) that carries the schema version, written only when > 1. */
export const VERSION_KEY = 'v';

/** Unknown keys named one by one in notices; more are counted in one notice. */
const UNKNOWN_KEYS_NAMED = 3;

/** One URL pair: full key (`race.tasks`) and value, both unencoded. */
export type UrlPair = readonly [key: string, value: string];

/**
 * The URL prefix of one widget on a page: its schema id, or `<id>-<instance>` for a second
 * instance (`race-b`). An instance name that is not lowercase letters and digits is ignored.
 */
export function widgetPrefix(schemaId: string, instance?: string): string {
  if (!instance || !/^[a-z0-9]{1,16}$/.test(instance)) return schemaId;
  const prefix = `${schemaId}-${instance}`;
  return NAME_PATTERN.test(prefix) ? prefix : schemaId;
}

/** Options of serializeState. */
export interface SerializeOptions<S> {
  /** Settings equal to the baseline's are left out (default: the schema's defaults). */
  baseline?: S;
  /** URL prefix (default: the schema id). */
  prefix?: string;
}

/** A valid state as URL pairs: only fields that differ from the baseline, and `v` when > 1. */
export function serializeState<F extends FieldMap>(
  schema: WidgetSchema<F>,
  state: StateOf<F>,
  { baseline = schema.defaults, prefix = schema.id }: SerializeOptions<StateOf<F>> = {},
): UrlPair[] {
  const pairs: UrlPair[] = [];
  for (const [name, field] of Object.entries(schema.fields)) {
    const value = (state as Record<string, unknown>)[name];
    if (sameFieldValue(field, value, (baseline as Record<string, unknown>)[name])) continue;
    pairs.push([`${prefix}.${field.key}`, formatFieldValue(field, value)]);
  }
  if (pairs.length > 0 && schema.version > 1) {
    pairs.unshift([`${prefix}.${VERSION_KEY}`, String(schema.version)]);
  }
  return pairs;
}

/** Options of readState. */
export interface ReadOptions<S> {
  /** State the URL's settings are laid over (default: the schema's defaults). */
  base?: S;
  /** URL prefix (default: the schema id). */
  prefix?: string;
}

/** What readState found: the state, notices, and whether the URL had any pair for the widget. */
export interface ReadResult<S> extends Checked<S> {
  found: boolean;
}

/** Reads the version from `raw` (removing it) and migrates older pairs; may add notices. */
function upgrade<F extends FieldMap>(
  schema: WidgetSchema<F>,
  raw: Map<string, string>,
  prefix: string,
  notices: string[],
): Map<string, string> | null {
  const text = raw.get(VERSION_KEY);
  raw.delete(VERSION_KEY);
  let version = 1;
  if (text !== undefined) {
    if (/^[1-9]\d{0,5}$/.test(text)) version = Number(text);
    else {
      notices.push(
        `${prefix}.${VERSION_KEY} is not a version number; reading the settings as current.`,
      );
      version = schema.version;
    }
  }
  if (version > schema.version) {
    notices.push(
      'This link comes from a newer version of this widget; what it cannot read is ignored.',
    );
  }
  if (version >= schema.version || !schema.migrate) return raw;
  try {
    const migrated = new Map<string, string>();
    for (const [k, v] of schema.migrate(version, raw)) {
      if (typeof k === 'string' && typeof v === 'string') migrated.set(k, v);
    }
    return migrated;
  } catch {
    notices.push('This link comes from an older version of this widget that cannot be read.');
    return null;
  }
}

/**
 * Reads a widget's settings from parsed query params (keys `<prefix>.<key>`), laid over `base`:
 * unknown keys under the prefix are ignored with a notice, a newer version is read as far as it
 * can be, an older one is migrated, and every value is checked through the schema.
 */
export function readState<F extends FieldMap>(
  schema: WidgetSchema<F>,
  params: ReadonlyMap<string, string>,
  { base = schema.defaults, prefix = schema.id }: ReadOptions<StateOf<F>> = {},
): ReadResult<StateOf<F>> {
  const head = `${prefix}.`;
  const found = new Map<string, string>();
  for (const [key, value] of params)
    if (key.startsWith(head)) found.set(key.slice(head.length), value);
  if (found.size === 0) return { state: base, notices: [], found: false };

  const notices: string[] = [];
  const raw = upgrade(schema, found, prefix, notices);
  if (!raw) return { ...checkState(schema, {}, base), notices, found: true };

  const nameOfKey = new Map(Object.entries(schema.fields).map(([name, f]) => [f.key, name]));
  const input: Record<string, string> = Object.create(null) as Record<string, string>;
  const unknown: string[] = [];
  for (const [key, value] of raw) {
    const name = nameOfKey.get(key);
    if (name === undefined) unknown.push(key);
    else input[name] = value;
  }
  if (unknown.length > UNKNOWN_KEYS_NAMED) {
    notices.push(
      `${unknown.length} keys starting ${head} are not settings of this widget; ignored.`,
    );
  } else {
    for (const key of unknown) {
      notices.push(`${head}${snippet(key)} is not a setting of this widget; ignored.`);
    }
  }
  const checked = checkState(schema, input, base);
  return { state: checked.state, notices: [...notices, ...checked.notices], found: true };
}
