/** A cursor over a line's tokens, with the look-ahead helpers and error messages parsers share. */
import { syntaxError } from './errors';
import type { Token } from './lexer';

/** Reads tokens one at a time. */
export class TokenCursor {
  protected index = 0;

  constructor(protected readonly tokens: Token[]) {}

  protected peek(): Token {
    return this.tokens[this.index] ?? { kind: 'end', pos: 0 };
  }

  protected peekAt(offset: number): Token {
    return this.tokens[this.index + offset] ?? { kind: 'end', pos: 0 };
  }

  protected atEnd(): boolean {
    return this.peek().kind === 'end';
  }

  protected isOp(text: string): boolean {
    const t = this.peek();
    return t.kind === 'op' && t.text === text;
  }

  protected isName(text: string): boolean {
    const t = this.peek();
    return t.kind === 'name' && t.text === text;
  }

  protected expectOp(text: string): void {
    if (!this.isOp(text)) throw this.unexpected();
    this.index++;
  }

  protected expectName(text: string): void {
    if (!this.isName(text)) throw this.unexpected();
    this.index++;
  }

  protected unexpected() {
    const t = this.peek();
    if (t.kind === 'end')
      return syntaxError(
        'invalid syntax',
        'The statement ends too early: something is missing at the end.',
      );
    if (t.kind === 'op' && t.text === '=')
      return syntaxError("invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    return syntaxError(
      'invalid syntax',
      `Python did not expect ${describe(t)} at column ${t.pos + 1}.`,
    );
  }
}

function describe(t: Token): string {
  switch (t.kind) {
    case 'name':
      return `the name "${t.text}"`;
    case 'number':
      return `the number ${t.text}`;
    case 'string':
      return 'a string';
    case 'op':
      return `"${t.text}"`;
    default:
      return 'the end of the line';
  }
}
