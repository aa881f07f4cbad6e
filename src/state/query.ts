/**
 * The query part of a hash route (`#/lesson/why-gpus?race.tasks=1000&race.serial=5`), parsed
 * into an ordered Map of strings and built back. Parsing is bounded and never throws; keys never
 * become object properties (a Map, so `__proto__` is just a string).
 */
import { formatNumber, hasUnsafeChars, LONE_SURROGATE } from './notice-text';

/** Longest query read, in characters; the rest is dropped with a notice. */
export const MAX_QUERY_CHARS = 4096;

/** Most pairs read from one query; the rest are dropped with a notice. */
export const MAX_QUERY_PAIRS = 200;

/** Longest key kept; longer keys are dropped as unreadable. */
export const MAX_KEY_CHARS = 100;

/** Parsed query params (in order, last repeat wins) and notices about what was dropped. */
export interface ParsedQuery {
  params: Map<string, string>;
  notices: string[];
}

/** A hash split at its first `?`: path (no `#`) and query (no `?`). */
export function splitHash(hash: string): { path: string; query: string } {
  const bare = hash.startsWith('#') ? hash.slice(1) : hash;
  const at = bare.indexOf('?');
  return at < 0
    ? { path: bare, query: '' }
    : { path: bare.slice(0, at), query: bare.slice(at + 1) };
}

/**
 * A `%` not followed by two hex digits. decodeURIComponent refuses such text too, but by throwing,
 * which costs about 25 times a successful decode: hostile links are full of them.
 */
const BARE_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/** Percent-decodes with `+` as space; null when the text is malformed or holds control characters. */
function decode(text: string): string | null {
  let out = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  // Most keys and values have no escape at all: decoding would give them back as they are.
  if (out.includes('%')) {
    if (BARE_PERCENT.test(out)) return null;
    try {
      out = decodeURIComponent(out);
    } catch {
      return null;
    }
  }
  return hasUnsafeChars(out) ? null : out;
}

/**
 * Parses a query string (without `?`): pairs split on `&` and the first `=`, percent-decoded,
 * `+` as space. Empty keys are skipped; malformed encoding, control characters and over-long keys
 * drop the pair; a repeated key keeps its last value. Length and pair count are capped.
 */
export function parseQuery(query: string): ParsedQuery {
  const params = new Map<string, string>();
  const notices: string[] = [];
  let text = query;
  if (text.length > MAX_QUERY_CHARS) {
    text = text.slice(0, MAX_QUERY_CHARS);
    const lastAmp = text.lastIndexOf('&');
    if (lastAmp >= 0) text = text.slice(0, lastAmp);
    notices.push(
      `The link is too long; only its first ${formatNumber(MAX_QUERY_CHARS)} characters were read.`,
    );
  }
  let pairs = 0;
  let dropped = 0;
  for (const part of text.split('&')) {
    if (part === '') continue;
    if (pairs === MAX_QUERY_PAIRS) {
      notices.push(`The link has more than ${MAX_QUERY_PAIRS} settings; the rest were ignored.`);
      break;
    }
    pairs += 1;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value = decode(eq < 0 ? '' : part.slice(eq + 1));
    if (key === '') continue;
    if (key === null || value === null || key.length > MAX_KEY_CHARS) {
      dropped += 1;
      continue;
    }
    params.delete(key);
    params.set(key, value);
  }
  if (dropped === 1) notices.push('One setting in the link could not be read; it was ignored.');
  if (dropped > 1)
    notices.push(`${dropped} settings in the link could not be read; they were ignored.`);
  return { params, notices };
}

/** Percent-encodes a key or value, keeping `,` readable (`.` `-` `_` stay); never throws. */
export function encodeQueryText(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(/%2C/g, ',');
}

/** Builds a query string (without `?`) from pairs, in order. */
export function buildQuery(pairs: Iterable<readonly [string, string]>): string {
  const parts: string[] = [];
  for (const [key, value] of pairs) parts.push(`${encodeQueryText(key)}=${encodeQueryText(value)}`);
  return parts.join('&');
}

/** Builds a hash (`#/lesson/x?a.b=1`) from a path and pairs; no `?` when there are no pairs. */
export function buildHash(path: string, pairs: Iterable<readonly [string, string]>): string {
  const query = buildQuery(pairs);
  return query ? `#${path}?${query}` : `#${path}`;
}
