/**
 * The tokenizer for the console's Python subset: names, numbers, strings, operators and
 * brackets on a single line. Bracket errors use Python 3.12's wording ("'(' was never closed",
 * "unmatched ')'"), and an over-long line is refused before any work is done.
 */
import { notSupported, syntaxError } from './errors';

/** Longest line the console reads. */
export const MAX_LINE_CHARS = 2000;

/** A token with where it starts in the line (0-based). */
export type Token =
  | { kind: 'name'; text: string; pos: number }
  | { kind: 'number'; value: number; isFloat: boolean; text: string; pos: number }
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'op'; text: string; pos: number }
  | { kind: 'end'; pos: number };

/** Operators, longest first so `**` wins over `*`. */
const OPERATORS = [
  '**=',
  '//=',
  '**',
  '//',
  '==',
  '!=',
  '<=',
  '>=',
  '+=',
  '-=',
  '*=',
  '/=',
  '@=',
  '->',
  '+',
  '-',
  '*',
  '/',
  '%',
  '@',
  '=',
  '<',
  '>',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ':',
  ';',
];

const CLOSER_OF: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** Splits one line into tokens; throws a SyntaxError for anything Python would reject. */
export function tokenize(line: string): Token[] {
  if (line.length > MAX_LINE_CHARS) {
    throw syntaxError(
      `line too long for this console (${line.length.toLocaleString('en-US')} characters; the limit is ${MAX_LINE_CHARS.toLocaleString('en-US')})`,
      'Split the work into several shorter statements.',
    );
  }
  const tokens: Token[] = [];
  const open: Array<{ char: string; pos: number }> = [];
  let i = 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === ' ' || ch === '\t') {
      i++;
    } else if (ch === '#') {
      break;
    } else if (/[A-Za-z_]/.test(ch)) {
      const start = i;
      while (i < line.length && /\w/.test(line[i] as string)) i++;
      const text = line.slice(start, i);
      if (/^[rRbBfFuU]{1,2}$/.test(text) && (line[i] === '"' || line[i] === "'")) {
        if (/[fF]/.test(text))
          throw notSupported(
            'An f-string',
            'Use print() with commas instead, e.g. print("shape:", x.shape).',
          );
        if (/[bB]/.test(text)) throw notSupported('A bytes literal');
        const { value, end } = readString(line, i);
        tokens.push({ kind: 'string', value, pos: start });
        i = end;
      } else {
        tokens.push({ kind: 'name', text, pos: start });
      }
    } else if (/\d/.test(ch) || (ch === '.' && /\d/.test(line[i + 1] ?? ''))) {
      const token = readNumber(line, i);
      tokens.push(token);
      i = token.pos + token.text.length;
    } else if (ch === '"' || ch === "'") {
      const { value, end } = readString(line, i);
      tokens.push({ kind: 'string', value, pos: i });
      i = end;
    } else {
      const op = OPERATORS.find((o) => line.startsWith(o, i));
      if (op === undefined) throw invalidCharacter(ch);
      trackBracket(op, i, open);
      tokens.push({ kind: 'op', text: op, pos: i });
      i += op.length;
    }
  }
  const unclosed = open.at(-1);
  if (unclosed)
    throw syntaxError(`'${unclosed.char}' was never closed`, 'Close every bracket you open.');
  tokens.push({ kind: 'end', pos: line.length });
  return tokens;
}

function invalidCharacter(ch: string) {
  const code = ch.codePointAt(0) ?? 0;
  if (code > 127) {
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    const hint =
      ch === '\u201c' || ch === '\u201d' || ch === '\u2018' || ch === '\u2019'
        ? 'Curly quotes often come from copying out of a document; type straight quotes " or \'.'
        : undefined;
    return syntaxError(`invalid character '${ch}' (U+${hex})`, hint);
  }
  return syntaxError('invalid syntax');
}

function trackBracket(op: string, pos: number, open: Array<{ char: string; pos: number }>): void {
  if (op in CLOSER_OF) {
    open.push({ char: op, pos });
    return;
  }
  if (op !== ')' && op !== ']' && op !== '}') return;
  const last = open.pop();
  if (!last)
    throw syntaxError(
      `unmatched '${op}'`,
      'There is a closing bracket with no opening one before it.',
    );
  if (CLOSER_OF[last.char] !== op) {
    throw syntaxError(
      `closing parenthesis '${op}' does not match opening parenthesis '${last.char}'`,
    );
  }
}

function readNumber(line: string, start: number): Extract<Token, { kind: 'number' }> {
  const hex = /^0[xX][0-9a-fA-F_]+/.exec(line.slice(start));
  if (hex) {
    const text = hex[0];
    return {
      kind: 'number',
      value: Number.parseInt(text.slice(2).replace(/_/g, ''), 16),
      isFloat: false,
      text,
      pos: start,
    };
  }
  const match = /^(\d[\d_]*)?(\.\d*)?([eE][+-]?\d+)?/.exec(line.slice(start));
  const text = match?.[0] ?? '';
  const next = line[start + text.length] ?? '';
  if (
    text === '' ||
    /[A-Za-z_]/.test(next) ||
    (next === '.' && /\d/.test(line[start + text.length + 1] ?? ''))
  ) {
    throw syntaxError('invalid decimal literal');
  }
  const isFloat = match?.[2] !== undefined || match?.[3] !== undefined;
  const value = Number(text.replace(/_/g, ''));
  if (!isFloat && !Number.isSafeInteger(value)) {
    throw notSupported(
      `The integer ${text}`,
      'Integers here must stay below 2**53; write a float like 1e20 if you need a huge number.',
    );
  }
  return { kind: 'number', value, isFloat, text, pos: start };
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  '\\': '\\',
  "'": "'",
  '"': '"',
  r: '\r',
  '0': '\0',
};

function readString(line: string, start: number): { value: string; end: number } {
  const quote = line[start] as string;
  if (line.startsWith(quote.repeat(3), start)) throw notSupported('A triple-quoted string');
  let value = '';
  let i = start + 1;
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === quote) return { value, end: i + 1 };
    if (ch === '\\') {
      const next = line[i + 1] ?? '';
      value += ESCAPES[next] ?? `\\${next}`;
      i += 2;
    } else {
      value += ch;
      i++;
    }
  }
  throw syntaxError(
    'unterminated string literal (detected at line 1)',
    `Close the string with a matching ${quote}.`,
  );
}
