/**
 * The evaluator: runs parsed statements against a session. Expressions are evaluated
 * asynchronously because CUDA-tensor arithmetic may run on WebGPU. Names resolve to the
 * session's variables, then to Python's built-ins; unknown names raise Python's NameError.
 */
import type { Expr, Stmt, Target } from './ast';
import { getAttribute } from './attributes';
import { pythonBuiltins } from './builtins/python';
import { notSupported, PyError, typeError, valueError } from './errors';
import { runFromImport, runImport } from './imports';
import { linearForward } from './nn-linear';
import { binaryOp, compareOp, truthValue } from './python-ops';
import type { TorchSession } from './session';
import { closestName } from './suggest';
import {
  bool,
  checkedSequence,
  float,
  int,
  NONE,
  str,
  tensorValue,
  typeName,
  type Value,
} from './values';

const builtinsCache = new WeakMap<TorchSession, Record<string, Value>>();

function builtinsOf(session: TorchSession): Record<string, Value> {
  let found = builtinsCache.get(session);
  if (!found) {
    found = pythonBuiltins(session);
    builtinsCache.set(session, found);
  }
  return found;
}

/** The source name of an expression when it is a name or a dotted name (`model.weight`). */
function labelOf(expr: Expr): string | null {
  if (expr.kind === 'name') return expr.id;
  if (expr.kind === 'attribute') {
    const base = labelOf(expr.object);
    return base ? `${base}.${expr.name}` : null;
  }
  return null;
}

function nameError(session: TorchSession, id: string): PyError {
  const known = [...session.variables.keys(), ...Object.keys(builtinsOf(session))];
  const suggestion = closestName(id, known);
  const message = `name '${id}' is not defined${suggestion ? `. Did you mean: '${suggestion}'?` : ''}`;
  let hint: string | undefined;
  if (id === 'torch') hint = 'Run import torch first.';
  else if (id === 'nn') hint = 'Run import torch.nn as nn (or from torch import nn) first.';
  else if (id === 'np' || id === 'numpy') hint = 'Run import numpy as np first.';
  else if (!suggestion)
    hint = `Nothing called ${id} exists in this session yet: check the spelling, or assign it first.`;
  return new PyError('NameError', message, hint);
}

/**
 * Most expressions one line may evaluate. A line of MAX_LINE_CHARS holds far fewer and the
 * console has no loops, so this is never reached by real input; it makes "no hang" a checked
 * promise rather than a consequence of the grammar.
 */
export const MAX_EVAL_STEPS = 20_000;

/** Evaluates statements and expressions against one session. */
export class Evaluator {
  /** Expressions evaluated so far. */
  steps = 0;

  constructor(private readonly session: TorchSession) {}

  /** Runs a statement; returns the value of an expression statement (for echoing), else null. */
  async exec(stmt: Stmt): Promise<Value | null> {
    const s = this.session;
    switch (stmt.kind) {
      case 'expr':
        return this.eval(stmt.expr);
      case 'assign': {
        const value = await this.eval(stmt.value);
        for (const target of stmt.targets) this.assign(target, value);
        return null;
      }
      case 'augassign': {
        const current = await this.eval(this.targetExpr(stmt.target));
        this.assign(stmt.target, await binaryOp(s, stmt.op, current, await this.eval(stmt.value)));
        return null;
      }
      case 'import':
        runImport(s, stmt.names);
        return null;
      case 'from':
        runFromImport(s, stmt.module, stmt.names);
        return null;
      case 'del':
        stmt.targets.forEach((t) => this.delete(t));
        return null;
      case 'pass':
        return null;
    }
  }

  /** Evaluates an expression. */
  async eval(expr: Expr): Promise<Value> {
    if (++this.steps > MAX_EVAL_STEPS)
      throw notSupported(`A line needing over ${MAX_EVAL_STEPS.toLocaleString('en-US')} steps`);
    switch (expr.kind) {
      case 'number':
        return expr.isFloat ? float(expr.value) : int(expr.value);
      case 'string':
        return str(expr.value);
      case 'const':
        return expr.value === null ? NONE : bool(expr.value);
      case 'name':
        return this.lookup(expr.id);
      case 'tuple':
        return checkedSequence({ kind: 'tuple', items: await this.evalAll(expr.items) });
      case 'list':
        return checkedSequence({ kind: 'list', items: await this.evalAll(expr.items) });
      case 'attribute':
        return getAttribute(
          this.session,
          await this.eval(expr.object),
          expr.name,
          labelOf(expr.object),
        );
      case 'call':
        return this.call(expr);
      case 'subscript':
        return this.subscript(await this.eval(expr.object), expr.index);
      case 'slice':
        throw notSupported('A slice outside brackets');
      case 'binary':
        return binaryOp(
          this.session,
          expr.op,
          await this.eval(expr.left),
          await this.eval(expr.right),
        );
      case 'unary':
        return this.unary(expr.op, await this.eval(expr.operand));
      case 'bool': {
        const left = await this.eval(expr.left);
        const leftTrue = truthValue(left);
        if (expr.op === 'and' ? !leftTrue : leftTrue) return left;
        return this.eval(expr.right);
      }
      case 'compare':
        return compareOp(expr.op, await this.eval(expr.left), await this.eval(expr.right));
      case 'ifexp':
        return truthValue(await this.eval(expr.test))
          ? this.eval(expr.body)
          : this.eval(expr.orelse);
    }
  }

  private async evalAll(items: readonly Expr[]): Promise<Value[]> {
    const out: Value[] = [];
    for (const item of items) out.push(await this.eval(item));
    return out;
  }

  private lookup(id: string): Value {
    const found = this.session.variables.get(id) ?? builtinsOf(this.session)[id];
    if (found) return found;
    throw nameError(this.session, id);
  }

  private async call(expr: Expr & { kind: 'call' }): Promise<Value> {
    const func = await this.eval(expr.func);
    const args = await this.evalAll(expr.args);
    const kwargs = new Map<string, Value>();
    for (const k of expr.keywords) kwargs.set(k.name, await this.eval(k.value));
    if (func.kind === 'function') return func.impl(args, kwargs);
    if (func.kind === 'module') {
      const input = args[0];
      if (args.length !== 1 || kwargs.size > 0 || !input)
        throw typeError(
          `Linear.forward() takes 2 positional arguments but ${args.length + 1} were given`,
        );
      if (input.kind !== 'tensor')
        throw typeError(
          `linear(): argument 'input' (position 1) must be Tensor, not ${typeName(input)}`,
        );
      return tensorValue(await linearForward(this.session, func.module, input.tensor));
    }
    throw typeError(`'${typeName(func)}' object is not callable`);
  }

  private async subscript(object: Value, indexExpr: Expr): Promise<Value> {
    if (object.kind === 'tensor' || object.kind === 'ndarray') {
      throw notSupported(
        'Indexing a tensor',
        'Use x.shape[0] for sizes, x.tolist() or x.item() for values.',
      );
    }
    if (object.kind !== 'tuple' && object.kind !== 'list' && object.kind !== 'str')
      throw typeError(`'${typeName(object)}' object is not subscriptable`);
    const items: Value[] = object.kind === 'str' ? [...object.value].map(str) : object.items;
    const rebuild = (picked: Value[]): Value =>
      object.kind === 'str'
        ? str(picked.map((v) => (v.kind === 'str' ? v.value : '')).join(''))
        : object.kind === 'list'
          ? { kind: 'list', items: picked }
          : { kind: 'tuple', items: picked, isSize: object.isSize };
    if (indexExpr.kind === 'slice') {
      const bound = async (e: Expr | null, fallback: number) => {
        if (!e) return fallback;
        const v = await this.eval(e);
        if (v.kind !== 'int')
          throw typeError('slice indices must be integers or None or have an __index__ method');
        return v.value < 0 ? Math.max(0, items.length + v.value) : Math.min(v.value, items.length);
      };
      return rebuild(
        items.slice(await bound(indexExpr.lower, 0), await bound(indexExpr.upper, items.length)),
      );
    }
    const index = await this.eval(indexExpr);
    const kind = object.kind === 'str' ? 'string' : object.kind;
    if (index.kind !== 'int')
      throw typeError(`${kind} indices must be integers or slices, not ${typeName(index)}`);
    const position = index.value < 0 ? items.length + index.value : index.value;
    const found = items[position];
    if (!found) throw new PyError('IndexError', `${kind} index out of range`);
    return found;
  }

  private async unary(op: '-' | '+' | 'not', value: Value): Promise<Value> {
    if (op === 'not') return bool(!truthValue(value));
    if (value.kind === 'int' || value.kind === 'bool')
      return int(op === '-' ? -Number(value.value) : Number(value.value));
    if (value.kind === 'float') return float(op === '-' ? -value.value : value.value);
    if (value.kind === 'tensor')
      return op === '-' ? binaryOp(this.session, '*', value, int(-1)) : value;
    throw typeError(`bad operand type for unary ${op}: '${typeName(value)}'`);
  }

  private targetExpr(target: Target): Expr {
    if (target.kind === 'name') return { kind: 'name', id: target.id };
    return { kind: 'tuple', items: target.items.map((t) => this.targetExpr(t)) };
  }

  private assign(target: Target, value: Value): void {
    if (target.kind === 'name') {
      this.session.variables.set(target.id, value);
      return;
    }
    if (value.kind === 'tensor') throw notSupported('Unpacking a tensor');
    if (value.kind !== 'tuple' && value.kind !== 'list')
      throw typeError(`cannot unpack non-iterable ${typeName(value)} object`);
    const expected = target.items.length;
    if (value.items.length > expected)
      throw valueError(`too many values to unpack (expected ${expected})`);
    if (value.items.length < expected)
      throw valueError(
        `not enough values to unpack (expected ${expected}, got ${value.items.length})`,
      );
    target.items.forEach((t, i) => this.assign(t, value.items[i] as Value));
  }

  private delete(target: Target): void {
    if (target.kind === 'tuple') {
      target.items.forEach((t) => this.delete(t));
      return;
    }
    if (!this.session.variables.delete(target.id)) throw nameError(this.session, target.id);
  }
}
