/**
 * Fuzzes a widget schema with seeded random and hostile input and checks the invariants every
 * widget relies on. Framework-free: it returns failures (with seed and case) for a test to assert.
 */
import { isValidFieldValue, sameFieldValue } from '../fields';
import { checkState, type AnyWidgetSchema } from '../schema';
import { readState, serializeState, widgetPrefix } from '../pairs';
import { buildHash, MAX_QUERY_PAIRS, parseQuery, splitHash } from '../query';
import { hasUnsafeChars, NOTICE_MAX_CHARS } from '../notice-text';
import { parseRoute } from '../route';
import { createRng, hostileProps, hostileQuery, nearValue, type Rng } from './hostile';

/** Longest run of outside text a notice may echo back. */
export const ECHO_MAX_CHARS = 80;

/** What a fuzz run did: cases run and the first failures found (empty when all held). */
export interface FuzzReport {
  cases: number;
  failures: string[];
}

const MAX_FAILURES = 10;

/** Problems with a state: missing or extra keys, values of the wrong type or out of limits. */
export function stateProblems(schema: AnyWidgetSchema, state: unknown): string[] {
  if (typeof state !== 'object' || state === null) return ['state is not an object'];
  if (Object.getPrototypeOf(state) !== Object.prototype) return ['state has an odd prototype'];
  const names = Object.keys(schema.fields);
  const problems: string[] = [];
  const own = Object.getOwnPropertyNames(state);
  if (own.length !== names.length || own.some((k) => !names.includes(k))) {
    problems.push(`state keys ${JSON.stringify(own)} are not the fields`);
  }
  for (const name of names) {
    const value = (state as Record<string, unknown>)[name];
    if (!isValidFieldValue(schema.fields[name]!, value)) {
      problems.push(`${name} = ${JSON.stringify(value)?.slice(0, 60)} is not valid`);
    }
  }
  const again = checkState(schema, state, state as never);
  if (again.notices.length > 0) problems.push(`a valid state is not settled: ${again.notices[0]}`);
  return problems;
}

/** Problems with notices: not strings, too long, invisible characters, long echoes of input. */
export function noticeProblems(notices: unknown, input: string): string[] {
  if (!Array.isArray(notices)) return ['notices is not an array'];
  const problems: string[] = [];
  if (notices.length > 24) problems.push(`${notices.length} notices`);
  for (const n of notices) {
    if (typeof n !== 'string') problems.push('a notice is not a string');
    else if (n.length > NOTICE_MAX_CHARS) problems.push(`notice of ${n.length} chars`);
    else if (hasUnsafeChars(n))
      problems.push(`notice with control characters: ${JSON.stringify(n)}`);
    else {
      for (let i = 0; i + ECHO_MAX_CHARS < n.length; i += 1) {
        if (input.includes(n.slice(i, i + ECHO_MAX_CHARS + 1))) {
          problems.push(`notice echoes over ${ECHO_MAX_CHARS} chars of input: ${n}`);
          break;
        }
      }
    }
  }
  return problems;
}

/** A random valid state: random near-limit values for each field, checked through the schema. */
export function randomValidState(rng: Rng, schema: AnyWidgetSchema): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.fields)) {
    if (rng.next() < 0.7) raw[name] = nearValue(rng, field);
  }
  return checkState(schema, raw).state as Record<string, unknown>;
}

/** Object.prototype's own property names, in their own order. */
function prototypeNames(): string {
  return Object.getOwnPropertyNames(Object.prototype).join(',');
}

/** Object.prototype's own property names, sorted. */
function prototypeSnapshot(): string {
  return Object.getOwnPropertyNames(Object.prototype).sort().join(',');
}

/** Same settings, field by field. */
function sameState(schema: AnyWidgetSchema, a: object, b: object): boolean {
  return Object.entries(schema.fields).every(([name, field]) =>
    sameFieldValue(
      field,
      (a as Record<string, unknown>)[name],
      (b as Record<string, unknown>)[name],
    ),
  );
}

/** One hostile query through route, parser and reader; returns problems found. */
function hostileQueryCase(rng: Rng, schema: AnyWidgetSchema, prefix: string): string[] {
  const query = hostileQuery(rng, schema, prefix);
  const hash = `#/lesson/some-lesson/widget-${prefix}?${query}`;
  const route = parseRoute(hash);
  if (route.page !== 'lesson') return [`route is ${route.page}: ${hash.slice(0, 120)}`];
  const parsed = parseQuery(splitHash(hash).query);
  const base = rng.next() < 0.5 ? schema.defaults : randomValidState(rng, schema);
  const read = readState(schema, parsed.params, { base: base as never, prefix });
  const texts = [...parsed.params].flat();
  const haystack = [query, ...texts].join('\n');
  const parserProblems = [
    ...(texts.some(hasUnsafeChars) ? ['a parsed key or value holds control characters'] : []),
    ...(parsed.params.size > MAX_QUERY_PAIRS ? [`${parsed.params.size} pairs parsed`] : []),
  ];
  return [
    ...parserProblems,
    ...stateProblems(schema, read.state),
    ...noticeProblems([...parsed.notices, ...read.notices], haystack),
  ].map((p) => `${p} (query ${JSON.stringify(query.slice(0, 200))})`);
}

/** Hostile props through checkState; returns problems found. */
function hostilePropsCase(rng: Rng, schema: AnyWidgetSchema): string[] {
  const checked = checkState(schema, hostileProps(rng, schema));
  return [...stateProblems(schema, checked.state), ...noticeProblems(checked.notices, '')];
}

/** A random valid state → pairs (among other widgets' pairs) → hash → parse → the same state. */
function roundTripCase(rng: Rng, schema: AnyWidgetSchema, prefix: string): string[] {
  const state = randomValidState(rng, schema);
  const baseline = rng.next() < 0.5 ? schema.defaults : randomValidState(rng, schema);
  const pairs = serializeState(schema, state as never, { baseline: baseline as never, prefix });
  const others: [string, string][] = [
    ['other.tasks', '5'],
    [`${schema.id}-z.x`, 'y'],
  ];
  const hash = buildHash(`/lesson/some-lesson/widget-${prefix}`, [...others, ...pairs]);
  const parsed = parseQuery(splitHash(hash).query);
  const read = readState(schema, parsed.params, { base: baseline as never, prefix });
  const where = `(hash ${hash.slice(0, 200)})`;
  const problems: string[] = [];
  if (!sameState(schema, read.state, state)) {
    problems.push(`round trip changed ${JSON.stringify(state)} into ${JSON.stringify(read.state)}`);
  }
  if (read.notices.length > 0 || parsed.notices.length > 0) {
    problems.push(`round trip gave notices: ${[...parsed.notices, ...read.notices].join(' | ')}`);
  }
  if (read.found !== pairs.length > 0) problems.push('round trip found the wrong pairs');
  return problems.map((p) => `${p} ${where}`);
}

/**
 * Runs `iterations` rounds against `schema`, each with one hostile query, one hostile props
 * object and one round trip, seeded by `seed`. Checks: nothing throws; every state holds exactly
 * the fields, each valid and settled; notices are bounded plain strings that echo at most
 * ECHO_MAX_CHARS of input; Object.prototype is untouched; a valid state survives
 * serialize → hash → parse → read exactly, without notices; parsed pairs are capped and clean.
 */
export function fuzzSchema(schema: AnyWidgetSchema, iterations: number, seed: number): FuzzReport {
  const rng = createRng(seed);
  const failures: string[] = [];
  const before = prototypeSnapshot();
  // The same names in the same order are the same set: sorted only when the order differs.
  const beforeInOrder = prototypeNames();
  let cases = 0;
  const run = (i: number, name: string, body: () => string[]) => {
    cases += 1;
    let problems: string[];
    try {
      problems = body();
    } catch (error) {
      problems = [`threw ${error instanceof Error ? error.message : String(error)}`];
    }
    if (
      (prototypeNames() !== beforeInOrder && prototypeSnapshot() !== before) ||
      ({} as Record<string, unknown>)['polluted'] !== undefined
    ) {
      problems.push('Object.prototype changed');
    }
    for (const p of problems) {
      if (failures.length < MAX_FAILURES)
        failures.push(`${schema.id} seed ${seed} #${i} ${name}: ${p}`);
    }
  };
  for (let i = 0; i < iterations && failures.length < MAX_FAILURES; i += 1) {
    const prefix = rng.next() < 0.8 ? schema.id : widgetPrefix(schema.id, 'b');
    run(i, 'query', () => hostileQueryCase(rng, schema, prefix));
    run(i, 'props', () => hostilePropsCase(rng, schema));
    run(i, 'round trip', () => roundTripCase(rng, schema, prefix));
  }
  return { cases, failures };
}
