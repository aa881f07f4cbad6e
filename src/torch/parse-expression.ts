/**
 * The expression half of the parser: Python's precedence from conditional expressions down to
 * calls, attributes, subscripts and literals. Nesting is capped so hostile input cannot exhaust
 * the stack.
 */
import type { BinaryOp, CompareOp, Expr, Keyword } from './ast';
import { notSupported, syntaxError } from './errors';
import { TokenCursor } from './token-cursor';

/** Deepest expression nesting the parser accepts (Python's own limit is near 200). */
export const MAX_NESTING = 100;

/** Keywords that open blocks or statements the console does not run. */
export const BLOCK_KEYWORDS = new Set([
  'for',
  'while',
  'def',
  'class',
  'with',
  'try',
  'except',
  'finally',
  'elif',
  'else',
  'return',
  'yield',
  'lambda',
  'global',
  'nonlocal',
  'raise',
  'assert',
  'async',
  'await',
  'break',
  'continue',
  'match',
]);
/** Words that cannot be names. */
export const RESERVED = new Set([
  ...BLOCK_KEYWORDS,
  'if',
  'import',
  'from',
  'as',
  'del',
  'pass',
  'in',
  'is',
  'not',
  'and',
  'or',
  'True',
  'False',
  'None',
]);
const COMPARISONS = new Set(['==', '!=', '<', '>', '<=', '>=']);

/** Parses one line into statements (none for a blank line or a comment). */

/** Parses expressions from a token cursor. */
export class ExpressionParser extends TokenCursor {
  private depth = 0;

  protected exprList(): Expr {
    const first = this.expression();
    if (!this.isOp(',')) return first;
    const items = [first];
    while (this.isOp(',')) {
      this.index++;
      if (this.endsList()) break;
      items.push(this.expression());
    }
    return { kind: 'tuple', items };
  }

  protected commaList<T>(item: () => T): T[] {
    const items = [item()];
    while (this.isOp(',')) {
      this.index++;
      items.push(item());
    }
    return items;
  }

  protected endsList(): boolean {
    const t = this.peek();
    return t.kind === 'end' || (t.kind === 'op' && [')', ']', '=', ';'].includes(t.text));
  }

  protected expression(): Expr {
    this.depth++;
    if (this.depth > MAX_NESTING) throw syntaxError('too many nested parentheses');
    try {
      const body = this.orTest();
      if (!this.isName('if')) return body;
      this.index++;
      const test = this.orTest();
      this.expectName('else');
      return { kind: 'ifexp', test, body, orelse: this.expression() };
    } finally {
      this.depth--;
    }
  }

  protected orTest(): Expr {
    let left = this.andTest();
    while (this.isName('or')) {
      this.index++;
      left = { kind: 'bool', op: 'or', left, right: this.andTest() };
    }
    return left;
  }

  protected andTest(): Expr {
    let left = this.notTest();
    while (this.isName('and')) {
      this.index++;
      left = { kind: 'bool', op: 'and', left, right: this.notTest() };
    }
    return left;
  }

  protected notTest(): Expr {
    if (this.isName('not')) {
      this.index++;
      return { kind: 'unary', op: 'not', operand: this.notTest() };
    }
    return this.comparison();
  }

  protected comparison(): Expr {
    const left = this.arith();
    const op = this.compareOp();
    if (op === null) return left;
    const right = this.arith();
    if (this.compareOp() !== null) throw notSupported('A chained comparison');
    return { kind: 'compare', op, left, right };
  }

  protected compareOp(): CompareOp | null {
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
    if (
      this.isName('not') &&
      this.peekAt(1).kind === 'name' &&
      (this.peekAt(1) as { text: string }).text === 'in'
    ) {
      this.index += 2;
      return 'not in';
    }
    return null;
  }

  protected arith(): Expr {
    let left = this.term();
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'op' || (t.text !== '+' && t.text !== '-')) return left;
      this.index++;
      left = { kind: 'binary', op: t.text, left, right: this.term() };
    }
  }

  protected term(): Expr {
    let left = this.factor();
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'op' || !['*', '/', '//', '%', '@'].includes(t.text)) return left;
      this.index++;
      left = { kind: 'binary', op: t.text as BinaryOp, left, right: this.factor() };
    }
  }

  protected factor(): Expr {
    const t = this.peek();
    if (t.kind === 'op' && (t.text === '-' || t.text === '+')) {
      this.index++;
      this.depth++;
      if (this.depth > MAX_NESTING) throw syntaxError('too many nested parentheses');
      try {
        return { kind: 'unary', op: t.text, operand: this.factor() };
      } finally {
        this.depth--;
      }
    }
    return this.power();
  }

  protected power(): Expr {
    const base = this.postfix();
    if (!this.isOp('**')) return base;
    this.index++;
    return { kind: 'binary', op: '**', left: base, right: this.factor() };
  }

  protected postfix(): Expr {
    let expr = this.atom();
    for (;;) {
      if (this.isOp('.')) {
        this.index++;
        const name = this.peek();
        if (name.kind !== 'name') throw this.unexpected();
        this.index++;
        expr = { kind: 'attribute', object: expr, name: name.text };
      } else if (this.isOp('(')) {
        this.index++;
        expr = this.callRest(expr);
      } else if (this.isOp('[')) {
        this.index++;
        expr = { kind: 'subscript', object: expr, index: this.subscript() };
        this.expectOp(']');
      } else {
        return expr;
      }
    }
  }

  protected callRest(func: Expr): Expr {
    const args: Expr[] = [];
    const keywords: Keyword[] = [];
    while (!this.isOp(')')) {
      if (this.isOp('*') || this.isOp('**')) throw notSupported('Unpacking arguments with * or **');
      const t = this.peek();
      const next = this.peekAt(1);
      if (t.kind === 'name' && next.kind === 'op' && next.text === '=') {
        this.index += 2;
        if (keywords.some((k) => k.name === t.text))
          throw syntaxError(`keyword argument repeated: ${t.text}`);
        keywords.push({ name: t.text, value: this.expression() });
      } else {
        if (keywords.length > 0) throw syntaxError('positional argument follows keyword argument');
        args.push(this.expression());
      }
      if (this.isOp(',')) this.index++;
      else if (!this.isOp(')')) throw this.unexpected();
    }
    this.index++;
    return { kind: 'call', func, args, keywords };
  }

  protected subscript(): Expr {
    const lower = this.isOp(':') ? null : this.expression();
    if (!this.isOp(':')) {
      if (this.isOp(',')) throw notSupported('Indexing with several subscripts');
      if (lower === null) throw this.unexpected();
      return lower;
    }
    this.index++;
    const upper = this.isOp(']') ? null : this.expression();
    if (this.isOp(':')) throw notSupported('A slice with a step');
    return { kind: 'slice', lower, upper };
  }

  protected atom(): Expr {
    const t = this.peek();
    this.index++;
    if (t.kind === 'number') return { kind: 'number', value: t.value, isFloat: t.isFloat };
    if (t.kind === 'string') {
      let value = t.value;
      for (let next = this.peek(); next.kind === 'string'; next = this.peek()) {
        value += next.value;
        this.index++;
      }
      return { kind: 'string', value };
    }
    if (t.kind === 'name') {
      if (t.text === 'True' || t.text === 'False')
        return { kind: 'const', value: t.text === 'True' };
      if (t.text === 'None') return { kind: 'const', value: null };
      if (t.text === 'lambda') throw notSupported('A lambda');
      if (RESERVED.has(t.text)) {
        this.index--;
        throw this.unexpected();
      }
      return { kind: 'name', id: t.text };
    }
    if (t.kind === 'op' && (t.text === '(' || t.text === '[')) return this.bracketed(t.text);
    if (t.kind === 'op' && t.text === '{') throw notSupported('A dict or set literal');
    this.index--;
    throw this.unexpected();
  }

  protected bracketed(open: '(' | '['): Expr {
    const close = open === '(' ? ')' : ']';
    const items: Expr[] = [];
    let trailingComma = false;
    this.depth++;
    if (this.depth > MAX_NESTING) throw syntaxError('too many nested parentheses');
    try {
      while (!this.isOp(close)) {
        items.push(this.expression());
        if (this.isName('for')) throw notSupported('A comprehension');
        trailingComma = this.isOp(',');
        if (trailingComma) this.index++;
        else if (!this.isOp(close)) throw this.unexpected();
      }
    } finally {
      this.depth--;
    }
    this.index++;
    if (open === '[') return { kind: 'list', items };
    if (items.length === 1 && !trailingComma) return items[0] as Expr;
    return { kind: 'tuple', items };
  }
}
