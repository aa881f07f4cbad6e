/**
 * Values read from a file or from storage, described for a message without trusting them: text
 * is cut short and stripped of invisible characters, containers are named rather than printed
 * (printing one can be huge, or nested deeply enough to overflow the stack).
 */
import { snippet } from '../state/notice-text';

/** Outside text quoted for a message: `"abc"`, cut to a few characters, control marks as `?`. */
export function quoteOutside(text: string): string {
  return `"${snippet(text)}"`;
}

/** A short description of any JSON value from outside: `"text"`, `3`, `null`, `a list`, `an object`. */
export function describeOutside(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return quoteOutside(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}
