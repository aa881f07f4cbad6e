/**
 * Seeded mutations for fuzzing the readers of untrusted files and lines (progress files, memory
 * snapshots, console input): random bytes, byte-level damage to a valid file, token-level edits
 * of a valid line, and structural edits of a valid JSON value. Built on the same seeded
 * generator as the URL fuzzing (hostile.ts), so every failure names a seed that replays it.
 */
import { hasUnsafeChars } from '../notice-text';
import { createRng, HOSTILE_VALUES, randomText, type Rng } from './hostile';

/** Bytes that tend to matter to a binary reader: limits, signs, opcodes that end or open things. */
const INTERESTING_BYTES: readonly number[] = [0x00, 0x01, 0x7f, 0x80, 0xff, 0xfe, 0x2e, 0x28];

/** `length` random bytes (at most `maxLength`). */
export function randomBytes(rng: Rng, maxLength: number): Uint8Array {
  const out = new Uint8Array(rng.int(0, maxLength));
  for (let i = 0; i < out.length; i += 1) out[i] = rng.int(0, 255);
  return out;
}

/**
 * One to `maxEdits` random edits of a byte string: a flipped bit, an overwritten byte, a cut end,
 * a run deleted, a run duplicated in place, random or interesting bytes inserted, a 32-bit word
 * set to a huge or negative value. The input is never changed.
 */
export function mutateBytes(rng: Rng, bytes: Uint8Array, maxEdits = 4): Uint8Array {
  let out: Uint8Array = bytes.slice();
  const edits = rng.int(1, maxEdits);
  for (let e = 0; e < edits; e += 1) {
    const at = rng.int(0, out.length);
    const span = rng.int(1, Math.max(1, Math.min(64, out.length - at)));
    switch (rng.int(0, 7)) {
      case 0:
        if (at < out.length) out[at] = out[at]! ^ (1 << rng.int(0, 7));
        break;
      case 1:
        if (at < out.length) out[at] = rng.pick(INTERESTING_BYTES);
        break;
      case 2:
        out = out.slice(0, at);
        break;
      case 3:
        out = spliced(out, at, span);
        break;
      case 4: {
        const run = out.subarray(at, at + span);
        out = spliced(out, at, 0, run, run);
        break;
      }
      case 5:
        out = spliced(out, at, 0, randomBytes(rng, 16));
        break;
      case 6:
        out = spliced(
          out,
          at,
          0,
          Array.from({ length: rng.int(1, 8) }, () => rng.pick(INTERESTING_BYTES)),
        );
        break;
      default: {
        const word = rng.pick([0xffffffff, 0x7fffffff, 0x80000000, 0x00ffffff, 0x10000]);
        for (let k = 0; k < 4 && at + k < out.length; k += 1)
          out[at + k] = (word >>> (8 * k)) & 0xff;
      }
    }
  }
  return out;
}

/**
 * A copy of `bytes` with `remove` bytes at `at` (at most to the end) replaced by `inserts`, one
 * after the other: what Array's splice does, at the speed of typed-array copies.
 */
function spliced(
  bytes: Uint8Array,
  at: number,
  remove: number,
  ...inserts: ArrayLike<number>[]
): Uint8Array {
  const end = Math.min(bytes.length, at + remove);
  const added = inserts.reduce((n, piece) => n + piece.length, 0);
  const out = new Uint8Array(bytes.length - (end - at) + added);
  out.set(bytes.subarray(0, at));
  let to = at;
  for (const piece of inserts) {
    out.set(piece, to);
    to += piece.length;
  }
  out.set(bytes.subarray(end), to);
  return out;
}

/**
 * One to `maxEdits` token-level edits of a line: a token swapped with another, repeated, dropped,
 * replaced by one from `vocabulary` or by a hostile value, or the line cut at a random point.
 * Tokens are runs of word characters, single other characters, and spaces kept as they are.
 */
export function mutateLine(
  rng: Rng,
  line: string,
  vocabulary: readonly string[],
  maxEdits = 3,
): string {
  const tokens = line.match(/\w+|\s+|[^\w\s]/g) ?? [];
  const edits = rng.int(1, maxEdits);
  for (let e = 0; e < edits; e += 1) {
    const i = rng.int(0, Math.max(0, tokens.length - 1));
    const j = rng.int(0, Math.max(0, tokens.length - 1));
    switch (rng.int(0, 6)) {
      case 0:
        [tokens[i], tokens[j]] = [tokens[j] ?? '', tokens[i] ?? ''];
        break;
      case 1:
        tokens.splice(i, 0, ...Array.from({ length: rng.int(1, 6) }, () => tokens[i] ?? ''));
        break;
      case 2:
        tokens.splice(i, 1);
        break;
      case 3:
        tokens.splice(i, 1, rng.pick(vocabulary));
        break;
      case 4:
        tokens.splice(i, 0, rng.pick(vocabulary));
        break;
      case 5:
        tokens.splice(i, 1, rng.pick(HOSTILE_VALUES).slice(0, 200));
        break;
      default:
        tokens.length = rng.int(0, tokens.length);
    }
  }
  return tokens.join('');
}

/** `depth` levels of `open` around `inner` followed by as many `close`. */
export function nested(open: string, close: string, depth: number, inner = ''): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** `k0` … `k2999`, made once: building a wide object then only adds properties. */
const WIDE_KEYS = Array.from({ length: 3000 }, (_, k) => `k${k}`);

/** `{ k0: 0, k1: 1, … }` with `count` keys (at most 3000). */
function manyKeys(count: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (let k = 0; k < count; k += 1) out[WIDE_KEYS[k]!] = k;
  return out;
}

/** JSON values of the wrong kind for most fields: each type, extremes, markup, prototype keys. */
function oddJsonValue(rng: Rng): unknown {
  return rng.pick<() => unknown>([
    () => null,
    () => true,
    () => 0,
    () => -1,
    () => 1.5,
    () => 1e308,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => '',
    () => rng.pick(HOSTILE_VALUES),
    () => randomText(rng, 40),
    () => 'x'.repeat(rng.int(1000, 100_000)),
    () => [],
    () => [1, '2', null],
    () => ({}),
    () => JSON.parse('{"__proto__": {"polluted": 1}}') as unknown,
    () => JSON.parse(nested('[', ']', rng.int(50, 3000))) as unknown,
    () => JSON.parse(nested('{"a":', '}', rng.int(50, 3000), '1')) as unknown,
    () => manyKeys(rng.int(100, 3000)),
  ])();
}

/** A key for inserting into an object: a plausible one, a prototype name, or noise. */
function oddKey(rng: Rng, existing: readonly string[]): string {
  return rng.pick([
    ...existing,
    '__proto__',
    'constructor',
    'prototype',
    '',
    randomText(rng, 12),
    'x'.repeat(rng.int(100, 5000)),
  ]);
}

/**
 * The containers inside a JSON value, depth-first, down to 40 levels (so edits never pile a deep
 * value inside another deep one, which JSON.stringify could not write back).
 */
function containers(
  value: unknown,
  out: Array<Record<string, unknown> | unknown[]> = [],
  depth = 0,
): Array<Record<string, unknown> | unknown[]> {
  if (typeof value !== 'object' || value === null || out.length > 2000 || depth > 40) return out;
  out.push(value as Record<string, unknown> | unknown[]);
  for (const child of Object.values(value)) containers(child, out, depth + 1);
  return out;
}

/**
 * A structural edit of a JSON-like value (deep-copied first): in one random object or array,
 * a field deleted, set to a value of the wrong kind, to a deep or huge value, or a new field
 * added. Returns the edited copy.
 */
export function mutateJson(rng: Rng, value: unknown, maxEdits = 3): unknown {
  const root: unknown = JSON.parse(JSON.stringify(value ?? null));
  let result = root;
  const edits = rng.int(1, maxEdits);
  for (let e = 0; e < edits; e += 1) {
    const all = containers(result);
    if (all.length === 0 || rng.next() < 0.03) {
      result = oddJsonValue(rng);
      continue;
    }
    const target = rng.pick(all);
    const keys = Object.keys(target);
    const r = rng.next();
    if (Array.isArray(target)) {
      const i = rng.int(0, target.length);
      if (r < 0.3) target.splice(i, 1);
      else if (r < 0.5) target.splice(i, 0, oddJsonValue(rng));
      else target[i] = oddJsonValue(rng);
    } else if (r < 0.25 && keys.length > 0) {
      delete target[rng.pick(keys)];
    } else if (r < 0.8 && keys.length > 0) {
      target[rng.pick(keys)] = oddJsonValue(rng);
    } else {
      Object.defineProperty(target, oddKey(rng, keys), {
        value: oddJsonValue(rng),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return result;
}

/** What a reader fuzz run found: cases run and the first failures (empty when all held). */
export interface ReaderFuzzReport {
  cases: number;
  failures: string[];
}

/**
 * Runs `cases` seeded cases: `make` builds an input from the generator, `check` runs the reader
 * on it and returns the problems found (an exception from either counts as one). Keeps the first
 * ten failures, each naming the seed, the case number and a short view of the input.
 */
export async function fuzzReader<T>(
  seed: number,
  cases: number,
  make: (rng: Rng, index: number) => T,
  check: (input: T) => string[] | Promise<string[]>,
  show: (input: T) => string = (input) => JSON.stringify(input)?.slice(0, 160) ?? String(input),
): Promise<ReaderFuzzReport> {
  const rng = createRng(seed);
  const failures: string[] = [];
  let run = 0;
  for (let i = 0; i < cases && failures.length < 10; i += 1) {
    run += 1;
    let input: T | undefined;
    let problems: string[];
    try {
      input = make(rng, i);
      problems = await check(input);
    } catch (error) {
      problems = [
        `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      ];
    }
    for (const p of problems) {
      if (failures.length < 10) {
        const shown = input === undefined ? '(input not built)' : show(input);
        failures.push(`seed ${seed} #${i}: ${p.slice(0, 300)} (input ${shown})`);
      }
    }
  }
  return { cases: run, failures };
}

/**
 * Problems with a message meant for a learner: not text, empty, longer than `maxChars`, or
 * holding control characters or bidirectional marks (which outside text can smuggle in).
 */
export function messageProblems(message: unknown, maxChars: number): string[] {
  if (typeof message !== 'string') return [`message is ${typeof message}, not text`];
  if (message.trim() === '') return ['message is empty'];
  if (message.length > maxChars) return [`message of ${message.length} chars (over ${maxChars})`];
  if (hasUnsafeChars(message))
    return [`message with control characters: ${JSON.stringify(message.slice(0, 120))}`];
  return [];
}
