/**
 * Seeded generators of random and hostile input for fuzzing widget schemas: query strings (random
 * bytes, huge numbers, broken percent-encoding, markup, prototype keys, repeats) and prop objects.
 */
import { allowedValues, type Field } from '../fields';
import type { AnyWidgetSchema } from '../schema';
import { encodeQueryText } from '../query';

/** A seeded pseudo-random source (mulberry32), so every failure can be replayed. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** A mulberry32 generator seeded with `seed`. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: (items) => items[int(0, items.length - 1)]! };
}

/** Values that have broken parsers before. */
export const HOSTILE_VALUES: readonly string[] = [
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '+0',
  '0x10',
  '0b11',
  '0o7',
  '1_000',
  ' 12 ',
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%u0041',
  '%C0%AF',
  '%ED%A0%80',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '9'.repeat(400),
  'a'.repeat(5000),
  'true',
  'false',
  'yes',
  'off',
  'TRUE',
  '1.5',
  '2.5',
  '-2.5',
  '1e-7',
  '1e+21',
  '1e21',
  '.5',
  '5.',
  '1..2',
  ',,,',
  ',',
  'h100-sxm,h100-sxm,h100-sxm',
  'H100-SXM',
  '\u0000',
  '%00',
  '%0A',
  '%0D%0A',
  '%E2%80%AE',
  '\u202e',
  '😀',
  '%F0%9F%98%80',
  '\ud800',
  '&&&===',
  '=',
  '==',
  '+',
  '++1',
  '%2B1',
  'null',
  'undefined',
  '[]',
  '{}',
  '{"__proto__":{"polluted":1}}',
  '1e',
  'e5',
  '-',
  '9007199254740993',
  '-9007199254740993',
  '1/0',
  '١٢٣',
  '１２',
];

const URL_CHARS: readonly number[] = [0x25, 0x26, 0x3d, 0x2b, 0x23, 0x3f, 0x2e, 0x2c, 0x7f, 0x85];
/** Bidirectional marks, a byte-order mark and lone surrogates. */
const INVISIBLE_CHARS: readonly number[] = [0x202e, 0x2066, 0x200f, 0xfeff, 0xd800, 0xdfff];

/** One random code point from one of six pools (the pool drawn first, then the point). */
function randomCodePoint(rng: Rng): number {
  switch (rng.int(0, 5)) {
    case 0:
      return rng.int(0x20, 0x7e);
    case 1:
      return rng.int(0, 0x1f);
    case 2:
      return rng.pick(URL_CHARS);
    case 3:
      return rng.int(0xa0, 0x2fff);
    case 4:
      return rng.pick(INVISIBLE_CHARS);
    default:
      return rng.int(0x1f600, 0x1f64f);
  }
}

/** A string of random code points, weighted towards characters that matter in URLs. */
export function randomText(rng: Rng, maxChars: number): string {
  const length = rng.int(0, maxChars);
  const units: number[] = [];
  for (let i = 0; i < length; i += 1) {
    const point = randomCodePoint(rng);
    if (point <= 0xffff) {
      units.push(point);
    } else {
      const c = point - 0x10000;
      units.push(0xd800 + (c >> 10), 0xdc00 + (c & 0x3ff));
    }
  }
  let out = '';
  for (let at = 0; at < units.length; at += 4096) {
    out += String.fromCharCode(...units.slice(at, at + 4096));
  }
  return out;
}

/** A value that fits a field, or nearly does (at and past its limits, duplicates, unknowns). */
export function nearValue(rng: Rng, field: Field): string {
  switch (field.kind) {
    case 'integer':
    case 'number': {
      const span = field.max - field.min;
      const inside = field.min + rng.next() * span;
      return String(
        rng.pick([
          field.min,
          field.max,
          field.min - 1,
          field.max + 1,
          inside,
          Math.round(inside),
          -inside,
          inside * 1e6,
        ]),
      );
    }
    case 'enum':
      return rng.pick([...allowedValues(field), field.default.toUpperCase(), `${field.default}x`]);
    case 'boolean':
      return rng.pick(['true', 'false', '1', '0', 'on', 'no', 'maybe']);
    case 'enum-list': {
      const allowed = allowedValues(field);
      const entries = Array.from({ length: rng.int(0, field.maxLength + 3) }, () =>
        rng.next() < 0.9 ? rng.pick(allowed) : 'no-such-gpu',
      );
      return entries.join(rng.pick([',', ', ', ',,']));
    }
  }
}

/** Percent-encodes, leaves raw, or breaks the encoding of a piece of text. */
function encodeSomehow(rng: Rng, text: string): string {
  const r = rng.next();
  if (r < 0.45) return encodeQueryText(text);
  if (r < 0.85) return text;
  const at = rng.int(0, text.length);
  return `${text.slice(0, at)}${rng.pick(['%', '%E0%A4', '%G1', '%0'])}${text.slice(at)}`;
}

/** A URL key of one of the schema's fields, or a made-up one when it has none. */
function someKey(rng: Rng, schema: AnyWidgetSchema): string {
  const fields = Object.values(schema.fields);
  return fields.length > 0 ? rng.pick(fields).key : 'x';
}

/** A random or hostile key: mostly the schema's own, also prototype names and other prefixes. */
function hostileKey(rng: Rng, schema: AnyWidgetSchema, prefix: string): string {
  const r = rng.next();
  if (r < 0.55) return `${prefix}.${someKey(rng, schema)}`;
  return rng.pick([
    `${prefix}.v`,
    `${prefix}.${randomText(rng, 12)}`,
    `${prefix}.__proto__`,
    `${prefix}.constructor`,
    '__proto__',
    'constructor',
    '__proto__.polluted',
    'constructor.prototype.polluted',
    `${schema.id}-b.${someKey(rng, schema)}`,
    `other.${someKey(rng, schema)}`,
    randomText(rng, 30),
    '',
    prefix,
    `${prefix}.`,
    `${prefix}..${someKey(rng, schema)}`,
    `${prefix}.${someKey(rng, schema).toUpperCase()}`,
  ]);
}

/** A random or hostile value for a key. */
function hostileValue(rng: Rng, schema: AnyWidgetSchema): string {
  const r = rng.next();
  const fields = Object.values(schema.fields);
  if (r < 0.35 && fields.length > 0) return nearValue(rng, rng.pick(fields));
  if (r < 0.7) return rng.pick(HOSTILE_VALUES);
  if (r < 0.8) return rng.pick(['1', '2', '0', '99', '-1', 'x', '1.5', '999999999']);
  return randomText(rng, rng.next() < 0.9 ? 40 : 3000);
}

/** A whole query string (without `?`): random pairs, separators and encodings, or pure noise. */
export function hostileQuery(rng: Rng, schema: AnyWidgetSchema, prefix: string): string {
  const r = rng.next();
  if (r < 0.05) return randomText(rng, 6000);
  if (r < 0.08) return `${prefix}.${someKey(rng, schema)}=1&`.repeat(rng.int(150, 700));
  if (r < 0.1) return rng.pick(['&&&===', '=&=&=', '?', '#', '&', '=']).repeat(rng.int(1, 2000));
  const parts: string[] = [];
  const count = rng.int(0, 24);
  for (let i = 0; i < count; i += 1) {
    const key = encodeSomehow(rng, hostileKey(rng, schema, prefix));
    const value = encodeSomehow(rng, hostileValue(rng, schema));
    parts.push(rng.next() < 0.07 ? key : `${key}=${value}`);
  }
  return parts.join(rng.pick(['&', '&', '&', '&&', '&=&', ';']));
}

/** A props-like object with random values (wrong types, throwing getters, `__proto__` keys). */
export function hostileProps(rng: Rng, schema: AnyWidgetSchema): unknown {
  const r = rng.next();
  if (r < 0.05) return rng.pick([null, undefined, 42, 'tasks=5', [], [1, 2], true]);
  const props: Record<string, unknown> =
    r < 0.1
      ? (JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 3}') as Record<string, unknown>)
      : {};
  for (const name of Object.keys(schema.fields)) {
    const v = rng.next();
    if (v < 0.2) continue;
    if (v < 0.3) {
      Object.defineProperty(props, name, {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      });
      continue;
    }
    props[name] = rng.pick<unknown>([
      nearValue(rng, schema.fields[name]!),
      rng.pick(HOSTILE_VALUES),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -0,
      1e308,
      -1e308,
      { valueOf: () => 5 },
      [nearValue(rng, schema.fields[name]!)],
      null,
      Symbol('x'),
      10n,
      () => 1,
      rng.next() * 1e6,
    ]);
  }
  return props;
}
