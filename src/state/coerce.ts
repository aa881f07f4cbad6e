/**
 * Turns one outside value (a lesson prop, a form value, a URL string) into a valid value of one
 * field, saying what was changed. Pure, and never throws for any input.
 */
import { allowedValues, roundTo, type Field, type NumberField, type IntegerField } from './fields';
import { formatNumber, snippet } from './notice-text';

/** A field's value after checking, with a notice for each change made to it. */
export interface Coerced {
  value: unknown;
  notices: string[];
}

/** Decimal numbers as written by people and by `String(number)`: `12`, `-0.5`, `.5`, `1e+21`. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Longest numeric text read; longer text is malformed. */
const NUMBER_MAX_CHARS = 64;

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/** A number from a number or decimal text; null for anything else (NaN, `0x10`, ``, `true`). */
export function readNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isNaN(raw) ? null : raw;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text.length > NUMBER_MAX_CHARS || !DECIMAL.test(text)) return null;
  return Number(text);
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${snippet(value)}"` : 'that';
}

function coerceNumeric(field: IntegerField | NumberField, raw: unknown): Coerced {
  const { label } = field;
  const n = readNumber(raw);
  if (n === null) {
    const what = field.kind === 'integer' ? 'a whole number' : 'a number';
    return {
      value: field.default,
      notices: [`${label} must be ${what}; using ${formatNumber(field.default)}.`],
    };
  }
  const notices: string[] = [];
  let value = field.kind === 'integer' ? roundTo(Math.round(n), undefined) : n;
  if (field.kind === 'integer' && Number.isFinite(n) && value !== n) {
    notices.push(`${label} must be a whole number; using ${formatNumber(value)}.`);
  }
  if (value > field.max) {
    notices.length = 0;
    notices.push(
      `${label} can be at most ${formatNumber(field.max)}; using ${formatNumber(field.max)}.`,
    );
    value = field.max;
  } else if (value < field.min) {
    notices.length = 0;
    notices.push(
      `${label} must be at least ${formatNumber(field.min)}; using ${formatNumber(field.min)}.`,
    );
    value = field.min;
  }
  if (field.kind === 'number') value = roundTo(value, field.decimals);
  return { value, notices };
}

function coerceList(field: Field & { kind: 'enum-list' }, raw: unknown): Coerced {
  const { label } = field;
  const fallback = field.default.length > 0 ? field.default.join(', ') : 'none';
  let entries: unknown[];
  if (typeof raw === 'string')
    entries = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  else if (Array.isArray(raw)) entries = raw.slice(0, 1000);
  else return { value: field.default, notices: [`${label} must be a list; using ${fallback}.`] };

  const notices: string[] = [];
  const allowed = allowedValues(field);
  const unknown = entries.filter((e) => typeof e !== 'string' || !allowed.includes(e));
  if (unknown.length === 1) {
    notices.push(`${label}: ${describe(unknown[0])} is not one of the choices; left out.`);
  } else if (unknown.length > 1) {
    notices.push(`${label}: ${unknown.length} entries are not among the choices; left out.`);
  }
  let list = [...new Set(entries.filter((e): e is string => !unknown.includes(e)))];
  if (list.length > field.maxLength) {
    notices.push(
      `${label} can list at most ${field.maxLength}; keeping the first ${field.maxLength}.`,
    );
    list = list.slice(0, field.maxLength);
  }
  const minLength = field.minLength ?? 0;
  if (list.length < minLength) {
    notices.push(`${label} needs at least ${minLength}; using ${fallback}.`);
    return { value: field.default, notices };
  }
  return { value: list, notices };
}

/** Checks one outside value against one field: clamps, rounds, or falls back to the default. */
export function coerceField(field: Field, raw: unknown): Coerced {
  const { label } = field;
  switch (field.kind) {
    case 'integer':
    case 'number':
      return coerceNumeric(field, raw);
    case 'enum': {
      const text = typeof raw === 'string' ? raw.trim() : raw;
      if (typeof text === 'string' && allowedValues(field).includes(text)) {
        return { value: text, notices: [] };
      }
      return {
        value: field.default,
        notices: [`${label}: ${describe(raw)} is not one of the choices; using ${field.default}.`],
      };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw, notices: [] };
      const word = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : '';
      if (TRUE_WORDS.has(word.toLowerCase())) return { value: true, notices: [] };
      if (FALSE_WORDS.has(word.toLowerCase())) return { value: false, notices: [] };
      const fallback = field.default ? 'on' : 'off';
      return { value: field.default, notices: [`${label} must be on or off; using ${fallback}.`] };
    }
    case 'enum-list':
      return coerceList(field, raw);
  }
}
