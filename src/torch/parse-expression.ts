/**
 * The expression half of the parser: Python's operator precedence from conditional expressions
 * down to powers, above the primaries that `PrimaryParser` reads.
 */
import type { BinaryOp, CompareOp, Expr } from './ast';
import { notSupported } from './errors';
import { PrimaryParser } from './parse-primary';

const COMPARISONS = new Set(['==', '!=', '<', '>', '<=', '>=']);

/** Parses expressions from a token cursor. */
export class ExpressionParser extends PrimaryParser {
  /** Expressions separated by commas; two or more (or a trailing comma) make a tuple. */
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
    return this.nested<Expr>(() => {
      const body = this.orTest();
      if (!this.isName('if')) return body;
      this.index++;
      const test = this.orTest();
      this.expectName('else');
      return { kind: 'ifexp', test, body, orelse: this.expression() };
    });
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
      const op = t.text;
      return this.nested<Expr>(() => ({ kind: 'unary', op, operand: this.factor() }));
    }
    return this.power();
  }

  protected power(): Expr {
    const base = this.postfix();
    if (!this.isOp('**')) return base;
    this.index++;
    return { kind: 'binary', op: '**', left: base, right: this.factor() };
  }
}
