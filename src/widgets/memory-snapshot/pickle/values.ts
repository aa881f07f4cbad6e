/**
 * The plain values a pickle decodes to, as JavaScript: dicts become Maps (so no key can reach
 * Object.prototype), lists, tuples and sets become arrays, bytes become Uint8Array, integers
 * numbers (bigint beyond 2^53). Helpers to test and describe them. Pure.
 */
import { LONE_SURROGATE, UNSAFE_CHARS } from '../../../state/notice-text';

/** A value that can be a dict key. */
export type PyKey = null | boolean | number | bigint | string;

/** Any value the reader builds. */
export type PyValue = PyKey | Uint8Array | PyValue[] | PyDict;

/** A Python dict. */
export type PyDict = Map<PyKey, PyValue>;

/** Whether `value` is a dict. */
export function isDict(value: PyValue | undefined): value is PyDict {
  return value instanceof Map;
}

/** Whether `value` is a list, tuple or set. */
export function isList(value: PyValue | undefined): value is PyValue[] {
  return Array.isArray(value);
}

/** Whether `value` can be a dict key (Python would refuse a list or dict: unhashable). */
export function isKey(value: PyValue): value is PyKey {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

/** An integer from pickle's LONG1/LONG4 bytes: little-endian two's complement. */
export function decodeLong(bytes: Uint8Array): number | bigint {
  if (bytes.length === 0) return 0;
  if (bytes.length <= 6) {
    let value = 0;
    for (let i = bytes.length - 1; i >= 0; i--) value = value * 256 + (bytes[i] as number);
    const top = bytes[bytes.length - 1] as number;
    return top >= 0x80 ? value - 2 ** (8 * bytes.length) : value;
  }
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i] as number);
  if ((bytes[bytes.length - 1] as number) >= 0x80) value -= 1n << BigInt(8 * bytes.length);
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : value;
}

/** Longest piece of text from a file quoted in a message. */
const QUOTE_MAX_CHARS = 40;

/** Text from a file made safe to quote: control and bidirectional marks shown as `?`, cut short. */
function quotable(text: string): string {
  const clean = text
    .slice(0, QUOTE_MAX_CHARS + 1)
    .replace(UNSAFE_CHARS, '?')
    .replace(LONE_SURROGATE, '?');
  return clean.length > QUOTE_MAX_CHARS ? `${clean.slice(0, QUOTE_MAX_CHARS)}…` : clean;
}

/** A short description of a value for messages: "a dict with keys a, b", "a list of 3 items". */
export function describeValue(value: PyValue): string {
  if (value === null) return 'None';
  if (isDict(value)) {
    const keys: string[] = [];
    for (const k of value.keys()) {
      if (keys.length === 6) break;
      keys.push(quotable(String(k)));
    }
    const more = value.size > keys.length ? ', …' : '';
    return value.size === 0 ? 'an empty dict' : `a dict with keys ${keys.join(', ')}${more}`;
  }
  if (isList(value)) return `a list of ${value.length.toLocaleString('en-US')} items`;
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (typeof value === 'string') return `the text "${quotable(value)}"`;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return `the number ${String(value)}`;
}
