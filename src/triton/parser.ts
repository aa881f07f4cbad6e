/**
 * The statement parser for Triton source: a module of imports, `@triton.jit` functions (with
 * `for`, `if`, assignments, annotated `X: tl.constexpr = ...` and augmented assignments in their
 * bodies) and the host lines that launch them (`grid = lambda meta: ...`,
 * `kernel[grid](...)`). Python statements the subset has no use for (`while`, `with`, `try`,
 * `class`, `break`...) are refused here with their line; what a kernel may do with the
 * statements that parse is decided when it is lowered.
 */
import type { BinaryOp, Expr, FunctionDef, ImportName, Param, Stmt, Target } from './ast';
import { syntaxError, unsupported } from './errors';
import { tokenize } from './lexer';
import { ExpressionParser } from './parse-expression';

const AUGMENTED: Readonly<Record<string, BinaryOp>> = {
  '+=': '+',
  '-=': '-',
  '*=': '*',
  '/=': '/',
  '//=': '//',
  '%=': '%',
  '**=': '**',
  '&=': '&',
  '|=': '|',
  '^=': '^',
  '<<=': '<<',
  '>>=': '>>',
  '@=': '@',
};

/** Statements the subset refuses by name, with what to write instead. */
const REFUSED: Readonly<Record<string, [string, string | undefined]>> = {
  while: ['A while loop', 'Loop with for ... in range(...) or tl.static_range(...).'],
  break: ['break', 'Triton has no break: loop over the range you need and mask the rest.'],
  continue: ['continue', 'Triton has no continue: mask the work with tl.where instead.'],
  with: ['A with statement', undefined],
  try: ['A try statement', undefined],
  class: ['A class definition', undefined],
  raise: ['A raise statement', undefined],
  assert: ['An assert statement', 'tl.device_assert is not in the subset either.'],
  global: ['A global statement', undefined],
  nonlocal: ['A nonlocal statement', undefined],
  del: ['A del statement', undefined],
  async: ['async', undefined],
  yield: ['yield', undefined],
  elif: ['elif without if', undefined],
  else: ['else without if', undefined],
};

/** Parses a whole source file. */
export function parseModule(source: string): Stmt[] {
  return new StatementParser(tokenize(source)).module();
}

class StatementParser extends ExpressionParser {
  module(): Stmt[] {
    const out: Stmt[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'end') return out;
      if (t.kind === 'newline') {
        this.index++;
        continue;
      }
      if (t.kind === 'indent') throw syntaxError(t.line, 'unexpected indent');
      out.push(...this.statement());
    }
  }

  private statement(): Stmt[] {
    const t = this.peek();
    if (t.kind === 'op' && t.text === '@') return [this.decorated()];
    if (t.kind === 'name') {
      if (t.text === 'def') return [this.functionDef([])];
      if (t.text === 'for') return [this.forStatement()];
      if (t.text === 'if') return [this.ifStatement()];
      const refused = REFUSED[t.text];
      if (refused) throw unsupported(t.line, refused[0], refused[1]);
    }
    return this.simpleLine();
  }

  /** Simple statements separated by `;` up to the end of the line. */
  private simpleLine(): Stmt[] {
    const out = [this.simple()];
    while (this.isOp(';')) {
      this.index++;
      if (this.peek().kind === 'newline') break;
      out.push(this.simple());
    }
    const t = this.peek();
    if (t.kind === 'newline') this.index++;
    else if (t.kind !== 'end' && t.kind !== 'dedent') throw this.unexpected('the end of the line');
    return out;
  }

  private simple(): Stmt {
    const t = this.peek();
    const line = t.line;
    if (t.kind === 'name') {
      if (t.text === 'pass') {
        this.index++;
        return { kind: 'pass', line };
      }
      if (t.text === 'return') {
        this.index++;
        const end = this.peek();
        const value =
          end.kind === 'newline' || end.kind === 'end' || this.isOp(';') ? null : this.exprList();
        return { kind: 'return', value, line };
      }
      if (t.text === 'import') {
        this.index++;
        return { kind: 'import', names: this.importNames(true), line };
      }
      if (t.text === 'from') return this.fromImport();
      const refused = REFUSED[t.text];
      if (refused) throw unsupported(line, refused[0], refused[1]);
    }
    const first = this.exprList();
    if (this.isOp(':')) {
      this.index++;
      const annotation = this.expression();
      let value: Expr | null = null;
      if (this.isOp('=')) {
        this.index++;
        value = this.exprList();
      }
      return { kind: 'annassign', target: this.toTarget(first), annotation, value, line };
    }
    const aug = this.peek();
    if (aug.kind === 'op' && aug.text in AUGMENTED) {
      this.index++;
      return {
        kind: 'augassign',
        target: this.toTarget(first),
        op: AUGMENTED[aug.text] as BinaryOp,
        value: this.exprList(),
        line,
      };
    }
    if (this.isOp(':=')) throw unsupported(line, 'The walrus operator :=');
    if (!this.isOp('=')) return { kind: 'expr', expr: first, line };
    const targets: Target[] = [this.toTarget(first)];
    let value = first;
    while (this.isOp('=')) {
      this.index++;
      value = this.exprList();
      if (this.isOp('=')) targets.push(this.toTarget(value));
    }
    return { kind: 'assign', targets, value, line };
  }

  private importNames(dotted: boolean): ImportName[] {
    const names: ImportName[] = [];
    do {
      if (names.length > 0) this.index++;
      const name = dotted ? this.dottedName() : this.identifier();
      let alias: string | null = null;
      if (this.isName('as')) {
        this.index++;
        alias = this.identifier();
      }
      names.push({ name, alias });
    } while (this.isOp(','));
    return names;
  }

  private fromImport(): Stmt {
    const line = this.peek().line;
    this.index++;
    const module = this.dottedName();
    if (!this.isName('import')) throw this.unexpected("'import'");
    this.index++;
    if (this.isOp('*')) throw unsupported(line, '"from ... import *"');
    const parenthesised = this.isOp('(');
    if (parenthesised) this.index++;
    const names = this.importNames(false);
    if (parenthesised) this.expectOp(')');
    return { kind: 'from', module, names, line };
  }

  private dottedName(): string {
    let name = this.identifier();
    while (this.isOp('.')) {
      this.index++;
      name += `.${this.identifier()}`;
    }
    return name;
  }

  private decorated(): Stmt {
    const decorators: Expr[] = [];
    while (this.isOp('@')) {
      this.index++;
      decorators.push(this.expression());
      if (this.peek().kind !== 'newline') throw this.unexpected('the end of the line');
      this.index++;
    }
    if (!this.isName('def')) {
      const t = this.peek();
      throw syntaxError(t.line, 'a decorator must be followed by a def');
    }
    return this.functionDef(decorators);
  }

  private functionDef(decorators: Expr[]): FunctionDef {
    const line = this.peek().line;
    this.index++;
    const name = this.identifier();
    this.expectOp('(');
    const params: Param[] = [];
    while (!this.isOp(')')) {
      const t = this.peek();
      if (this.isOp('*') || this.isOp('**') || this.isOp('/'))
        throw unsupported(t.line, `A "${(t as { text: string }).text}" parameter`);
      const param: Param = {
        name: this.identifier(),
        annotation: null,
        default: null,
        line: t.line,
      };
      if (this.isOp(':')) {
        this.index++;
        param.annotation = this.expression();
      }
      if (this.isOp('=')) {
        this.index++;
        param.default = this.expression();
      } else if (params.some((p) => p.default !== null)) {
        throw syntaxError(t.line, 'parameter without a default follows parameter with a default');
      }
      if (params.some((p) => p.name === param.name))
        throw syntaxError(t.line, `duplicate argument '${param.name}' in function definition`);
      params.push(param);
      if (this.isOp(',')) this.index++;
      else if (!this.isOp(')')) throw this.unexpected("',' or ')'");
    }
    this.index++;
    if (this.isOp('->')) {
      this.index++;
      this.expression();
    }
    return { kind: 'def', name, params, decorators, body: this.block(), line };
  }

  private forStatement(): Stmt {
    const line = this.peek().line;
    this.index++;
    const target = this.toTarget(this.targetList());
    if (!this.isName('in')) throw this.unexpected("'in'");
    this.index++;
    const iter = this.exprList();
    const body = this.block();
    if (this.isName('else')) throw unsupported(this.peek().line, 'A for ... else');
    return { kind: 'for', target, iter, body, line };
  }

  /** The names before `in`: a postfix expression or a tuple of them (no comparison with `in`). */
  private targetList(): Expr {
    const line = this.peek().line;
    const items = [this.postfix()];
    while (this.isOp(',')) {
      this.index++;
      items.push(this.postfix());
    }
    return items.length === 1 ? (items[0] as Expr) : { kind: 'tuple', items, line };
  }

  private ifStatement(): Stmt {
    const line = this.peek().line;
    this.index++;
    const test = this.expression();
    const body = this.block();
    let orelse: Stmt[] = [];
    if (this.isName('elif')) {
      orelse = [this.ifStatement()];
    } else if (this.isName('else')) {
      this.index++;
      orelse = this.block();
    }
    return { kind: 'if', test, body, orelse, line };
  }

  /** `:` then simple statements on the same line, or an indented block. */
  private block(): Stmt[] {
    this.expectOp(':');
    if (this.peek().kind !== 'newline') return this.simpleLine();
    this.index++;
    const t = this.peek();
    if (t.kind !== 'indent') throw syntaxError(t.line, 'expected an indented block');
    this.index++;
    const body: Stmt[] = [];
    while (this.peek().kind !== 'dedent' && this.peek().kind !== 'end') {
      if (this.peek().kind === 'newline') {
        this.index++;
        continue;
      }
      body.push(...this.statement());
    }
    if (this.peek().kind === 'dedent') this.index++;
    return body;
  }

  private toTarget(expr: Expr): Target {
    const line = expr.line;
    switch (expr.kind) {
      case 'name':
        return { kind: 'name', id: expr.id, line };
      case 'tuple':
      case 'list':
        return { kind: 'tuple', items: expr.items.map((e) => this.toTarget(e)), line };
      case 'subscript':
        return { kind: 'subscript', object: expr.object, index: expr.index, line };
      case 'attribute':
        return { kind: 'attribute', object: expr.object, name: expr.name, line };
      case 'call':
        throw syntaxError(
          line,
          "cannot assign to function call here. Maybe you meant '==' instead of '='?",
        );
      default:
        throw syntaxError(
          line,
          "cannot assign to expression here. Maybe you meant '==' instead of '='?",
        );
    }
  }
}
