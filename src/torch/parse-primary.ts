/**
 * The innermost level of the expression parser: Python's primaries (literals, names, bracketed
 * expressions, attributes, calls and subscripts), and the nesting cap every level shares so hostile
 * input cannot exhaust the stack.
 */
import type { Expr, Keyword } from './ast';
import { notSupported, syntaxError } from './errors';
import { RESERVED } from './keywords';
import { TokenCursor } from './token-cursor';

/** Deepest expression nesting the parser accepts (Python's own limit is near 200). */
export const MAX_NESTING = 100;

/** Parses primaries from a token cursor; the full expression grammar above them is a subclass's. */
export abstract class PrimaryParser extends TokenCursor {
  private depth = 0;

  /** Parses a whole expression (a call's argument, a subscript, a bracketed item). */
  protected abstract expression(): Expr;

  /** Runs `parse` one nesting level deeper, failing past MAX_NESTING. */
  protected nested<T>(parse: () => T): T {
    this.depth++;
    if (this.depth > MAX_NESTING) throw syntaxError('too many nested parentheses');
    try {
      return parse();
    } finally {
      this.depth--;
    }
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
    const trailingComma = this.nested(() => {
      let trailing = false;
      while (!this.isOp(close)) {
        items.push(this.expression());
        if (this.isName('for')) throw notSupported('A comprehension');
        trailing = this.isOp(',');
        if (trailing) this.index++;
        else if (!this.isOp(close)) throw this.unexpected();
      }
      return trailing;
    });
    this.index++;
    if (open === '[') return { kind: 'list', items };
    if (items.length === 1 && !trailingComma) return items[0] as Expr;
    return { kind: 'tuple', items };
  }
}
