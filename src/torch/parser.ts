/**
 * A recursive-descent parser for the console's Python subset: one line, possibly several
 * statements separated by `;`. Statements are assignments (plain, chained, augmented, tuple
 * targets), imports, `del`, `pass` and expressions; Python keywords that open blocks get a
 * clear "not supported" message.
 */
import type { BinaryOp, Expr, ImportName, Stmt, Target } from './ast';
import { notSupported, syntaxError } from './errors';
import { tokenize } from './lexer';
import { BLOCK_KEYWORDS, RESERVED } from './keywords';
import { ExpressionParser } from './parse-expression';

const AUGMENTED: Readonly<Record<string, BinaryOp>> = {
  '+=': '+',
  '-=': '-',
  '*=': '*',
  '/=': '/',
  '@=': '@',
  '**=': '**',
  '//=': '//',
};

/** Parses one line into statements (none for a blank line or a comment). */
export function parseLine(line: string): Stmt[] {
  return new StatementParser(tokenize(line)).statements();
}

/** Statements of one line, on top of the expression parser. */
class StatementParser extends ExpressionParser {
  statements(): Stmt[] {
    const out: Stmt[] = [];
    while (!this.atEnd()) {
      out.push(this.statement());
      if (this.isOp(';')) this.index++;
      else if (!this.atEnd()) throw this.unexpected();
    }
    return out;
  }

  private statement(): Stmt {
    const token = this.peek();
    if (token.kind === 'name') {
      if (token.text === 'import') return this.importStatement();
      if (token.text === 'from') return this.fromStatement();
      if (token.text === 'pass') {
        this.index++;
        return { kind: 'pass' };
      }
      if (token.text === 'del') {
        this.index++;
        return { kind: 'del', targets: this.commaList(() => this.toTarget(this.postfix())) };
      }
      if (token.text === 'print' && this.peekAt(1).kind !== 'op') {
        throw syntaxError("Missing parentheses in call to 'print'. Did you mean print(...)?");
      }
      if (token.text === 'if')
        throw notSupported(
          'An if statement',
          'Use a conditional expression instead: "cuda" if torch.cuda.is_available() else "cpu".',
        );
      if (BLOCK_KEYWORDS.has(token.text))
        throw notSupported(
          `The "${token.text}" statement`,
          'This console runs one simple statement at a time: no loops, functions, classes or blocks.',
        );
    }
    const first = this.exprList();
    const augmented = this.peek();
    if (augmented.kind === 'op' && augmented.text in AUGMENTED) {
      this.index++;
      return {
        kind: 'augassign',
        target: this.toTarget(first),
        op: AUGMENTED[augmented.text] as BinaryOp,
        value: this.exprList(),
      };
    }
    if (!this.isOp('=')) return { kind: 'expr', expr: first };
    const targets: Target[] = [this.toTarget(first)];
    let value = first;
    while (this.isOp('=')) {
      this.index++;
      value = this.exprList();
      if (this.isOp('=')) targets.push(this.toTarget(value));
    }
    return { kind: 'assign', targets, value };
  }

  private importStatement(): Stmt {
    this.index++;
    return { kind: 'import', names: this.commaList(() => this.importName(true)) };
  }

  private fromStatement(): Stmt {
    this.index++;
    const module = this.dottedName();
    this.expectName('import');
    if (this.isOp('*'))
      throw notSupported(
        '"from ... import *"',
        'Import the names you need, e.g. from torch import nn.',
      );
    const parenthesised = this.isOp('(');
    if (parenthesised) this.index++;
    const names = this.commaList(() => this.importName(false));
    if (parenthesised) this.expectOp(')');
    return { kind: 'from', module, names };
  }

  private importName(dotted: boolean): ImportName {
    const name = dotted ? this.dottedName() : this.identifier();
    if (this.isName('as')) {
      this.index++;
      return { name, alias: this.identifier() };
    }
    return { name, alias: null };
  }

  private dottedName(): string {
    let name = this.identifier();
    while (this.isOp('.')) {
      this.index++;
      name += `.${this.identifier()}`;
    }
    return name;
  }

  private identifier(): string {
    const token = this.peek();
    if (token.kind !== 'name' || RESERVED.has(token.text)) throw this.unexpected();
    this.index++;
    return token.text;
  }

  private toTarget(expr: Expr): Target {
    if (expr.kind === 'name') {
      if (RESERVED.has(expr.id)) throw syntaxError(`cannot assign to ${expr.id}`);
      return { kind: 'name', id: expr.id };
    }
    if (expr.kind === 'tuple' || expr.kind === 'list')
      return { kind: 'tuple', items: expr.items.map((e) => this.toTarget(e)) };
    if (expr.kind === 'attribute' || expr.kind === 'subscript') {
      throw notSupported(
        'Assigning to an attribute or an element',
        'Assign to a plain name instead, e.g. y = x.to("cuda").',
      );
    }
    if (expr.kind === 'call')
      throw syntaxError(
        "cannot assign to function call here. Maybe you meant '==' instead of '='?",
      );
    throw syntaxError("cannot assign to expression here. Maybe you meant '==' instead of '='?");
  }
}
