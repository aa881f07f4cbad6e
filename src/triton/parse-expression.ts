/**
 * The expression half of the kernel parser: Python's precedence from lambdas and conditional
 * expressions down to powers and primaries (names, literals, brackets, attributes, calls and
 * subscripts with slices and `None`, as in `offs[:, None]`).
 */
import type { BinaryOp, CompareOp, Expr, Keyword } from './ast';
import { syntaxError, unsupported } from './errors';
import type { Token } from './lexer';

/** Deepest expression nesting the parser accepts. */
export const MAX_NESTING = 100;

/** Words that cannot be names. */
export const KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

const COMPARISONS = new Set(['==', '!=', '<', '>', '<=', '>=']);

/** Reads expressions from tokens. */
export class ExpressionParser {
  protected index = 0;
  private depth = 0;

  constructor(protected readonly tokens: Token[]) {}

  protected peek(offset = 0): Token {
    return this.tokens[this.index + offset] ?? (this.tokens.at(-1) as Token);
  }

  protected isOp(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'op' && t.text === text;
  }

  protected isName(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'name' && t.text === text;
  }

  protected expectOp(text: string): void {
    if (!this.isOp(text)) throw this.unexpected(`'${text}'`);
    this.index++;
  }

  protected identifier(): string {
    const t = this.peek();
    if (t.kind !== 'name' || KEYWORDS.has(t.text)) throw this.unexpected('a name');
    this.index++;
    return t.text;
  }

  protected unexpected(wanted?: string) {
    const t = this.peek();
    const what =
      t.kind === 'name'
        ? `'${t.text}'`
        : t.kind === 'op'
          ? `'${t.text}'`
          : t.kind === 'number'
            ? `the number ${t.text}`
            : t.kind === 'string'
              ? 'a string'
              : t.kind === 'indent'
                ? 'an indent'
                : 'the end of the line';
    if (t.kind === 'indent') return syntaxError(t.line, 'unexpected indent');
    return syntaxError(
      t.line,
      `invalid syntax: ${what} at column ${t.col}${wanted ? `, expected ${wanted}` : ''}`,
    );
  }

  private nested<T>(parse: () => T): T {
    this.depth++;
    if (this.depth > MAX_NESTING)
      throw syntaxError(this.peek().line, 'too many nested parentheses');
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  /** Expressions separated by commas; two or more (or a trailing comma) make a tuple. */
  protected exprList(): Expr {
    const line = this.peek().line;
    const first = this.expression();
    if (!this.isOp(',')) return first;
    const items = [first];
    while (this.isOp(',')) {
      this.index++;
      const t = this.peek();
      if (
        t.kind === 'newline' ||
        t.kind === 'end' ||
        (t.kind === 'op' && ['=', ')', ']', ':'].includes(t.text))
      )
        break;
      items.push(this.expression());
    }
    return { kind: 'tuple', items, line };
  }

  protected expression(): Expr {
    return this.nested(() => {
      if (this.isName('lambda')) return this.lambda();
      const body = this.orTest();
      if (!this.isName('if')) return body;
      this.index++;
      const test = this.orTest();
      if (!this.isName('else')) throw this.unexpected("'else'");
      this.index++;
      return { kind: 'ifexp', test, body, orelse: this.expression(), line: body.line };
    });
  }

  private lambda(): Expr {
    const line = this.peek().line;
    this.index++;
    const params: string[] = [];
    while (!this.isOp(':')) {
      params.push(this.identifier());
      if (this.isOp(',')) this.index++;
      else if (!this.isOp(':')) throw this.unexpected("':'");
    }
    this.index++;
    return { kind: 'lambda', params, body: this.expression(), line };
  }

  private orTest(): Expr {
    let left = this.andTest();
    while (this.isName('or')) {
      this.index++;
      left = { kind: 'bool', op: 'or', left, right: this.andTest(), line: left.line };
    }
    return left;
  }

  private andTest(): Expr {
    let left = this.notTest();
    while (this.isName('and')) {
      this.index++;
      left = { kind: 'bool', op: 'and', left, right: this.notTest(), line: left.line };
    }
    return left;
  }

  private notTest(): Expr {
    if (this.isName('not')) {
      const line = this.peek().line;
      this.index++;
      return { kind: 'unary', op: 'not', operand: this.notTest(), line };
    }
    return this.comparison();
  }

  private comparison(): Expr {
    const left = this.bitOr();
    const op = this.compareOp();
    if (op === null) return left;
    const right = this.bitOr();
    if (this.compareOp() !== null)
      throw unsupported(left.line, 'A chained comparison (a < b < c)', 'Write (a < b) & (b < c).');
    return { kind: 'compare', op, left, right, line: left.line };
  }

  private compareOp(): CompareOp | null {
    const t = this.peek();
    if (t.kind === 'op' && COMPARISONS.has(t.text)) {
      this.index++;
      return t.text as CompareOp;
    }
    if (this.isName('is')) {
      this.index++;
      if (this.isName('not')) {
        this.index++;
        return 'is not';
      }
      return 'is';
    }
    if (this.isName('in')) {
      this.index++;
      return 'in';
    }
    if (this.isName('not') && this.isName('in', 1)) {
      this.index += 2;
      return 'not in';
    }
    return null;
  }

  private binaryLevel(ops: readonly string[], next: () => Expr): Expr {
    let left = next();
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'op' || !ops.includes(t.text)) return left;
      this.index++;
      left = { kind: 'binary', op: t.text as BinaryOp, left, right: next(), line: left.line };
    }
  }

  private bitOr(): Expr {
    return this.binaryLevel(['|'], () => this.bitXor());
  }

  private bitXor(): Expr {
    return this.binaryLevel(['^'], () => this.bitAnd());
  }

  private bitAnd(): Expr {
    return this.binaryLevel(['&'], () => this.shift());
  }

  private shift(): Expr {
    return this.binaryLevel(['<<', '>>'], () => this.arith());
  }

  private arith(): Expr {
    return this.binaryLevel(['+', '-'], () => this.term());
  }

  private term(): Expr {
    return this.binaryLevel(['*', '/', '//', '%', '@'], () => this.factor());
  }

  private factor(): Expr {
    const t = this.peek();
    if (t.kind === 'op' && (t.text === '-' || t.text === '+' || t.text === '~')) {
      this.index++;
      const op = t.text;
      return this.nested(() => ({ kind: 'unary', op, operand: this.factor(), line: t.line }));
    }
    return this.power();
  }

  private power(): Expr {
    const base = this.postfix();
    if (!this.isOp('**')) return base;
    this.index++;
    return { kind: 'binary', op: '**', left: base, right: this.factor(), line: base.line };
  }

  protected postfix(): Expr {
    let expr = this.atom();
    for (;;) {
      if (this.isOp('.')) {
        this.index++;
        expr = { kind: 'attribute', object: expr, name: this.identifier(), line: expr.line };
      } else if (this.isOp('(')) {
        this.index++;
        expr = this.callRest(expr);
      } else if (this.isOp('[')) {
        this.index++;
        expr = { kind: 'subscript', object: expr, index: this.subscripts(), line: expr.line };
        this.expectOp(']');
      } else {
        return expr;
      }
    }
  }

  private callRest(func: Expr): Expr {
    const args: Expr[] = [];
    const keywords: Keyword[] = [];
    while (!this.isOp(')')) {
      if (this.isOp('*') || this.isOp('**'))
        throw unsupported(this.peek().line, 'Unpacking arguments with * or **');
      const t = this.peek();
      if (t.kind === 'name' && this.isOp('=', 1)) {
        this.index += 2;
        if (keywords.some((k) => k.name === t.text))
          throw syntaxError(t.line, `keyword argument repeated: ${t.text}`);
        keywords.push({ name: t.text, value: this.expression() });
      } else {
        if (keywords.length > 0)
          throw syntaxError(t.line, 'positional argument follows keyword argument');
        args.push(this.expression());
        if (this.isName('for')) throw unsupported(t.line, 'A generator expression');
      }
      if (this.isOp(',')) this.index++;
      else if (!this.isOp(')')) throw this.unexpected("',' or ')'");
    }
    this.index++;
    return { kind: 'call', func, args, keywords, line: func.line };
  }

  /** The inside of `[...]`: one index, or a tuple of them; slices allowed in each place. */
  private subscripts(): Expr {
    const line = this.peek().line;
    const first = this.subscriptItem();
    if (!this.isOp(',')) return first;
    const items = [first];
    while (this.isOp(',')) {
      this.index++;
      if (this.isOp(']')) break;
      items.push(this.subscriptItem());
    }
    return { kind: 'tuple', items, line };
  }

  private subscriptItem(): Expr {
    const line = this.peek().line;
    const lower = this.isOp(':') ? null : this.expression();
    if (!this.isOp(':')) {
      if (lower === null) throw this.unexpected();
      return lower;
    }
    this.index++;
    const upper = this.isOp(']') || this.isOp(',') || this.isOp(':') ? null : this.expression();
    let step: Expr | null = null;
    if (this.isOp(':')) {
      this.index++;
      step = this.isOp(']') || this.isOp(',') ? null : this.expression();
    }
    return { kind: 'slice', lower, upper, step, line };
  }

  private atom(): Expr {
    const t = this.peek();
    this.index++;
    const line = t.line;
    if (t.kind === 'number') return { kind: 'number', value: t.value, isFloat: t.isFloat, line };
    if (t.kind === 'string') {
      let value = t.value;
      for (let next = this.peek(); next.kind === 'string'; next = this.peek()) {
        value += next.value;
        this.index++;
      }
      return { kind: 'string', value, line };
    }
    if (t.kind === 'name') {
      if (t.text === 'True' || t.text === 'False')
        return { kind: 'const', value: t.text === 'True', line };
      if (t.text === 'None') return { kind: 'const', value: null, line };
      if (t.text === 'await' || t.text === 'yield') throw unsupported(line, `"${t.text}"`);
      if (KEYWORDS.has(t.text)) {
        this.index--;
        throw this.unexpected();
      }
      return { kind: 'name', id: t.text, line };
    }
    if (t.kind === 'op' && (t.text === '(' || t.text === '[')) return this.bracketed(t.text, line);
    if (t.kind === 'op' && t.text === '{') throw unsupported(line, 'A dict or set literal');
    this.index--;
    throw this.unexpected();
  }

  private bracketed(open: '(' | '[', line: number): Expr {
    const close = open === '(' ? ')' : ']';
    const items: Expr[] = [];
    const trailingComma = this.nested(() => {
      let trailing = false;
      while (!this.isOp(close)) {
        items.push(this.expression());
        if (this.isName('for')) throw unsupported(line, 'A comprehension');
        trailing = this.isOp(',');
        if (trailing) this.index++;
        else if (!this.isOp(close)) throw this.unexpected(`',' or '${close}'`);
      }
      return trailing;
    });
    this.index++;
    if (open === '[') return { kind: 'list', items, line };
    if (items.length === 1 && !trailingComma) return items[0] as Expr;
    return { kind: 'tuple', items, line };
  }
}
