/**
 * Text helpers for notices: numbers written for people, and outside text (URL keys and values)
 * cut short and stripped of invisible characters before it is quoted back.
 */

/** Longest piece of outside text a notice quotes back. */
export const SNIPPET_MAX_CHARS = 24;

/** Longest notice; longer ones (from a schema's own check) are cut. */
export const NOTICE_MAX_CHARS = 200;

/** Control characters, and the bidirectional marks that can reorder the text around them. */
// eslint-disable-next-line no-control-regex
export const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const UNSAFE_CHAR = new RegExp(UNSAFE_CHARS.source);

/** Whether text holds a control character, a bidirectional mark or a lone surrogate. */
export function hasUnsafeChars(text: string): boolean {
  return UNSAFE_CHAR.test(text) || ONE_LONE_SURROGATE.test(text);
}

/** A UTF-16 surrogate without its other half (not valid Unicode text; encodeURIComponent throws). */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ONE_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

/** Made once: `toLocaleString` would build a new Intl.NumberFormat on every call. */
const PEOPLE_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** A number as people read it: `1,048,576`, `0.25`. */
export function formatNumber(n: number): string {
  return PEOPLE_NUMBER.format(n);
}

/** Outside text made safe to quote: invisible characters shown as `?`, cut to a few characters. */
export function snippet(text: string): string {
  const safe = text.replace(UNSAFE_CHARS, '?').replace(LONE_SURROGATE, '?');
  // No more UTF-16 units than the limit means no more characters either: nothing to cut.
  if (safe.length <= SNIPPET_MAX_CHARS) return safe;
  const chars = Array.from(safe);
  return chars.length > SNIPPET_MAX_CHARS
    ? `${chars.slice(0, SNIPPET_MAX_CHARS - 1).join('')}…`
    : chars.join('');
}

/** A notice cut to NOTICE_MAX_CHARS, with invisible characters removed. */
export function boundNotice(text: string): string {
  const safe = text.replace(UNSAFE_CHARS, '').replace(LONE_SURROGATE, '\uFFFD');
  if (safe.length <= NOTICE_MAX_CHARS) return safe;
  const chars = Array.from(safe);
  return chars.length > NOTICE_MAX_CHARS
    ? `${chars.slice(0, NOTICE_MAX_CHARS - 1).join('')}…`
    : chars.join('');
}
