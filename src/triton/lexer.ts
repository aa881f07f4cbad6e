/**
 * The tokenizer for Triton kernels: Python source over many lines, with the tokens Python's own
 * tokenizer makes for indentation (INDENT and DEDENT), logical line ends (NEWLINE, not inside
 * brackets or after a backslash), names, numbers, strings (triple-quoted ones too, for
 * docstrings) and operators, including the bitwise ones masks are built with (`&`, `|`, `~`).
 * Every token carries its 1-based line and column.
 *
 * The console's lexer in src/torch reads one line at a time and has no indentation, no
 * multi-line brackets and no bitwise operators, so kernels get this one.
 */
import { syntaxError, unsupported } from './errors';

/** Longest source the runtime reads. */
export const MAX_SOURCE_CHARS = 100_000;

/** Where a token starts. */
export interface Position {
  line: number;
  col: number;
}

/** A token. */
export type Token = Position &
  (
    | { kind: 'name'; text: string }
    | { kind: 'number'; value: number; isFloat: boolean; text: string }
    | { kind: 'string'; value: string }
    | { kind: 'op'; text: string }
    | { kind: 'newline' }
    | { kind: 'indent' }
    | { kind: 'dedent' }
    | { kind: 'end' }
  );

/** Operators, longest first. */
const OPERATORS = [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '**',
  '//',
  '<<',
  '>>',
  '==',
  '!=',
  '<=',
  '>=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '@=',
  '->',
  ':=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '@',
  '&',
  '|',
  '^',
  '~',
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

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  '\\': '\\',
  "'": "'",
  '"': '"',
  r: '\r',
  '0': '\0',
  '\n': '',
};

/** Splits Python source into tokens, with INDENT/DEDENT/NEWLINE as Python makes them. */
export function tokenize(source: string): Token[] {
  if (source.length > MAX_SOURCE_CHARS) {
    throw syntaxError(
      1,
      `the source is ${source.length} characters; the runtime reads at most ${MAX_SOURCE_CHARS}`,
    );
  }
  return new Lexer(source.replace(/\r\n?/g, '\n')).run();
}

class Lexer {
  private readonly tokens: Token[] = [];
  private readonly indents: number[] = [0];
  private readonly open: Array<{ char: string; line: number }> = [];
  private i = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly src: string) {}

  run(): Token[] {
    while (this.i < this.src.length) this.logicalLineStart();
    if (this.open.length > 0) {
      const last = this.open.at(-1) as { char: string; line: number };
      throw syntaxError(last.line, `'${last.char}' was never closed`);
    }
    this.pushNewline();
    while (this.indents.length > 1) {
      this.indents.pop();
      this.tokens.push({ kind: 'dedent', line: this.line, col: 1 });
    }
    this.tokens.push({ kind: 'end', line: this.line, col: 1 });
    return this.tokens;
  }

  private pos(start: number): Position {
    return { line: this.line, col: start - this.lineStart + 1 };
  }

  private pushNewline(): void {
    const last = this.tokens.at(-1);
    if (last && last.kind !== 'newline' && last.kind !== 'indent' && last.kind !== 'dedent') {
      this.tokens.push({ kind: 'newline', line: this.line, col: this.i - this.lineStart + 1 });
    }
  }

  /** Reads indentation at the start of a physical line, then the line's tokens. */
  private logicalLineStart(): void {
    let width = 0;
    while (this.src[this.i] === ' ' || this.src[this.i] === '\t') {
      width = this.src[this.i] === '\t' ? (Math.floor(width / 8) + 1) * 8 : width + 1;
      this.i++;
    }
    const ch = this.src[this.i];
    if (ch === undefined) return;
    if (ch === '\n' || ch === '#') {
      this.skipToLineEnd();
      return;
    }
    const current = this.indents.at(-1) as number;
    if (width > current) {
      this.indents.push(width);
      this.tokens.push({ kind: 'indent', ...this.pos(this.i) });
    } else if (width < current) {
      while ((this.indents.at(-1) as number) > width) {
        this.indents.pop();
        this.tokens.push({ kind: 'dedent', ...this.pos(this.i) });
      }
      if (this.indents.at(-1) !== width)
        throw syntaxError(this.line, 'unindent does not match any outer indentation level');
    }
    this.lineTokens();
  }

  private skipToLineEnd(): void {
    while (this.i < this.src.length && this.src[this.i] !== '\n') this.i++;
    if (this.i < this.src.length) this.nextLine();
  }

  private nextLine(): void {
    this.i++;
    this.line++;
    this.lineStart = this.i;
  }

  /** Tokens up to the end of the logical line (brackets and backslashes join lines). */
  private lineTokens(): void {
    while (this.i < this.src.length) {
      const ch = this.src[this.i] as string;
      if (ch === ' ' || ch === '\t') {
        this.i++;
      } else if (ch === '#') {
        while (this.i < this.src.length && this.src[this.i] !== '\n') this.i++;
      } else if (ch === '\\' && this.src[this.i + 1] === '\n') {
        this.i++;
        this.nextLine();
      } else if (ch === '\n') {
        if (this.open.length === 0) {
          this.pushNewline();
          this.nextLine();
          return;
        }
        this.nextLine();
      } else if (/[A-Za-z_]/.test(ch)) {
        this.nameOrString();
      } else if (/\d/.test(ch) || (ch === '.' && /\d/.test(this.src[this.i + 1] ?? ''))) {
        this.number();
      } else if (ch === '"' || ch === "'") {
        const start = this.i;
        const position = this.pos(start);
        this.tokens.push({ kind: 'string', value: this.string(), ...position });
      } else {
        this.operator(ch);
      }
    }
  }

  private nameOrString(): void {
    const start = this.i;
    while (this.i < this.src.length && /\w/.test(this.src[this.i] as string)) this.i++;
    const text = this.src.slice(start, this.i);
    const next = this.src[this.i];
    const position = this.pos(start);
    if (/^[rRbBfFuU]{1,2}$/.test(text) && (next === '"' || next === "'")) {
      if (/[fF]/.test(text)) throw unsupported(this.line, 'An f-string');
      if (/[bB]/.test(text)) throw unsupported(this.line, 'A bytes literal');
      this.tokens.push({ kind: 'string', value: this.string(/[rR]/.test(text)), ...position });
      return;
    }
    this.tokens.push({ kind: 'name', text, ...position });
  }

  private number(): void {
    const start = this.i;
    const rest = this.src.slice(start, start + 64);
    const hex = /^0[xX][0-9a-fA-F_]+/.exec(rest);
    const match = hex ?? /^(\d[\d_]*)?(\.\d[\d_]*|\.)?([eE][+-]?\d+)?/.exec(rest);
    const text = match?.[0] ?? '';
    const after = this.src[start + text.length] ?? '';
    if (text === '' || /[A-Za-z_]/.test(after))
      throw syntaxError(this.line, 'invalid decimal literal');
    const isFloat = !hex && (match?.[2] !== undefined || match?.[3] !== undefined);
    const clean = text.replace(/_/g, '');
    const value = hex ? Number.parseInt(clean.slice(2), 16) : Number(clean);
    this.tokens.push({ kind: 'number', value, isFloat, text, ...this.pos(start) });
    this.i = start + text.length;
  }

  private string(raw = false): string {
    const quote = this.src[this.i] as string;
    const triple = this.src.startsWith(quote.repeat(3), this.i);
    const closer = triple ? quote.repeat(3) : quote;
    const startLine = this.line;
    this.i += closer.length;
    let value = '';
    while (this.i < this.src.length) {
      if (this.src.startsWith(closer, this.i)) {
        this.i += closer.length;
        return value;
      }
      const ch = this.src[this.i] as string;
      if (ch === '\n') {
        if (!triple)
          throw syntaxError(
            this.line,
            `unterminated string literal (detected at line ${this.line})`,
          );
        value += ch;
        this.nextLine();
      } else if (ch === '\\' && !raw) {
        const next = this.src[this.i + 1] ?? '';
        value += ESCAPES[next] ?? `\\${next}`;
        if (next === '\n') {
          this.i++;
          this.nextLine();
        } else {
          this.i += 2;
        }
      } else {
        value += ch;
        this.i++;
      }
    }
    throw syntaxError(
      startLine,
      triple
        ? `unterminated triple-quoted string literal (detected at line ${this.line})`
        : `unterminated string literal (detected at line ${startLine})`,
    );
  }

  private operator(ch: string): void {
    const op = OPERATORS.find((o) => this.src.startsWith(o, this.i));
    if (op === undefined) {
      const code = ch.codePointAt(0) ?? 0;
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      throw syntaxError(this.line, `invalid character '${ch}' (U+${hex})`);
    }
    if (op in CLOSER_OF) this.open.push({ char: op, line: this.line });
    else if (op === ')' || op === ']' || op === '}') {
      const last = this.open.pop();
      if (!last) throw syntaxError(this.line, `unmatched '${op}'`);
      if (CLOSER_OF[last.char] !== op)
        throw syntaxError(
          this.line,
          `closing parenthesis '${op}' does not match opening parenthesis '${last.char}'`,
        );
    }
    this.tokens.push({ kind: 'op', text: op, ...this.pos(this.i) });
    this.i += op.length;
  }
}
