/**
 * Lowers one `@triton.jit` function to the IR (src/triton/ir.ts) for one launch signature: the
 * dtype of each tensor argument, int or float for each scalar, and the value of each
 * `tl.constexpr`. It walks the Python like Triton's code generator: constexprs fold, `if` on a
 * constexpr keeps one branch, `tl.static_range` unrolls, `range` becomes a structured loop whose
 * loop-carried variables keep their types, and a name assigned only inside a loop is not defined
 * after it. Anything outside the subset is refused with its line.
 */
import type { Expr, FunctionDef, Stmt, Target } from './ast';
import { binary, compare, unary } from './arith';
import { Builder } from './builder';
import type { LowerContext } from './context';
import { callBuiltin, callMethod, constInt, moduleAttribute, tensorAttribute } from './builtins';
import { type ElementDtype, pointerTo, sameShape, typeName } from './dtype';
import { TritonError, compileError, unsupported } from './errors';
import { truthy } from './fold';
import type { ConstexprValue, IRParam, KernelIR, ValueId } from './ir';
import { pointerBases } from './pointer-bases';
import { type Limits, formatCount } from './limits';
import { type CValue, type ScalarConst, type TensorValue, describe, isScalarConst } from './values';

/** What a launch passes for one parameter, as far as lowering needs to know. */
export type ArgSpec =
  | { kind: 'pointer'; dtype: ElementDtype }
  | { kind: 'int' }
  | { kind: 'float' }
  | { kind: 'bool' }
  | { kind: 'constexpr'; value: ScalarConst };

/** Is this parameter annotated `tl.constexpr`? */
export function isConstexprParam(annotation: Expr | null): boolean {
  if (!annotation) return false;
  if (annotation.kind === 'attribute') return annotation.name === 'constexpr';
  return annotation.kind === 'name' && annotation.id === 'constexpr';
}

/** Lowers `def` for the given arguments. `globals` holds the module's imports. */
export function lowerKernel(
  def: FunctionDef,
  globals: ReadonlyMap<string, CValue>,
  args: ReadonlyMap<string, ArgSpec>,
  limits: Limits,
): KernelIR {
  return new Lowerer(globals, limits).kernel(def, args);
}

const BUILTIN_FUNCTIONS = new Set(['range', 'float', 'int', 'min', 'max', 'len', 'abs', 'print']);

/** The names a statement list assigns (loop targets included), for loop-carried variables. */
function assignedNames(stmts: Stmt[], out = new Set<string>()): Set<string> {
  const target = (t: Target) => {
    if (t.kind === 'name') out.add(t.id);
    else if (t.kind === 'tuple') t.items.forEach(target);
  };
  for (const s of stmts) {
    if (s.kind === 'assign') s.targets.forEach(target);
    else if (s.kind === 'annassign' || s.kind === 'augassign') target(s.target);
    else if (s.kind === 'for') {
      target(s.target);
      assignedNames(s.body, out);
    } else if (s.kind === 'if') {
      assignedNames(s.body, out);
      assignedNames(s.orelse, out);
    }
  }
  return out;
}

/** The lowering of one kernel. */
class Lowerer implements LowerContext {
  readonly b = new Builder();
  private env = new Map<string, CValue>();
  private params: IRParam[] = [];
  private constexprs: Record<string, ConstexprValue> = {};
  /** Names of the kernel's runtime parameters, for hints. */
  readonly runtimeParams = new Set<string>();
  private loopDepth = 0;

  constructor(
    private readonly globals: ReadonlyMap<string, CValue>,
    readonly limits: Limits,
  ) {}

  kernel(def: FunctionDef, args: ReadonlyMap<string, ArgSpec>): KernelIR {
    def.params.forEach((p, position) => {
      const arg = args.get(p.name);
      if (!arg)
        throw new TritonError(
          'launch',
          def.line,
          `${def.name}() is missing the argument '${p.name}'`,
        );
      if (arg.kind === 'constexpr') {
        this.env.set(p.name, arg.value);
        this.constexprs[p.name] = arg.value.value;
        return;
      }
      const type =
        arg.kind === 'pointer'
          ? { dtype: pointerTo(arg.dtype), shape: [] }
          : {
              dtype:
                arg.kind === 'int'
                  ? ('int32' as const)
                  : arg.kind === 'bool'
                    ? ('int1' as const)
                    : ('fp32' as const),
              shape: [],
            };
      const index = this.params.length;
      this.params.push({ name: p.name, position, type });
      this.runtimeParams.add(p.name);
      this.env.set(p.name, this.b.define(type, { op: 'param', index }, p.line));
    });
    const body = def.body.filter(
      (s, i) => !(i === 0 && s.kind === 'expr' && s.expr.kind === 'string'),
    );
    body.forEach((s, i) => {
      if (s.kind === 'return') {
        if (s.value !== null) throw unsupported(s.line, 'Returning a value from a kernel');
        if (i !== body.length - 1)
          throw unsupported(
            s.line,
            'An early return',
            'Mask the loads and stores instead of returning early.',
          );
        return;
      }
      this.stmt(s);
    });
    return {
      name: def.name,
      params: this.params,
      constexprs: this.constexprs,
      types: this.b.types,
      bases: pointerBases(this.b.types, this.params, this.b.body),
      body: this.b.body,
    };
  }

  private stmts(list: Stmt[]): void {
    for (const s of list) this.stmt(s);
  }

  private stmt(s: Stmt): void {
    switch (s.kind) {
      case 'expr':
        if (s.expr.kind === 'string') return;
        this.expr(s.expr);
        return;
      case 'pass':
        return;
      case 'assign': {
        const value = this.expr(s.value);
        for (const t of s.targets) this.assign(t, value, s.line);
        return;
      }
      case 'annassign': {
        if (!isConstexprParam(s.annotation))
          throw unsupported(s.line, 'A type annotation other than tl.constexpr');
        if (s.target.kind !== 'name' || s.value === null)
          throw compileError(
            s.line,
            'a tl.constexpr assignment needs a name and a value: X: tl.constexpr = 128',
          );
        const value = this.expr(s.value);
        if (value.kind === 'tensor')
          throw compileError(
            s.line,
            `${s.target.id} is declared tl.constexpr but its value is ${describe(value)}`,
          );
        this.env.set(s.target.id, value);
        return;
      }
      case 'augassign': {
        if (s.target.kind !== 'name') throw this.badTarget(s.target);
        const current = this.lookup(s.target.id, s.line);
        this.assign(s.target, binary(this.b, s.op, current, this.expr(s.value), s.line), s.line);
        return;
      }
      case 'for':
        this.forLoop(s);
        return;
      case 'if': {
        const test = this.expr(s.test);
        if (test.kind === 'tensor')
          throw unsupported(
            s.line,
            'An if statement on a runtime value',
            'Only an if on a tl.constexpr is in the subset: compute both sides and pick with tl.where, or mask the loads and stores.',
          );
        this.stmts(this.truth(test) ? s.body : s.orelse);
        return;
      }
      case 'return':
        throw unsupported(
          s.line,
          'A return inside a block',
          'Mask the loads and stores instead of returning early.',
        );
      case 'def':
        throw unsupported(s.line, 'A function defined inside a kernel');
      case 'import':
      case 'from':
        throw unsupported(s.line, 'An import inside a kernel');
    }
  }

  private badTarget(t: Target): TritonError {
    if (t.kind === 'subscript')
      return unsupported(
        t.line,
        'Assigning to an element of a block (x[i] = ...)',
        'Build the block with tl.where instead.',
      );
    return unsupported(t.line, 'Assigning to an attribute');
  }

  /** Binds a name; a plain number becomes a runtime scalar, as Triton's assignments do. */
  private assign(t: Target, value: CValue, line: number): void {
    if (t.kind === 'tuple') {
      if (value.kind !== 'tuple' || value.items.length !== t.items.length)
        throw compileError(line, `cannot unpack ${describe(value)} into ${t.items.length} names`);
      t.items.forEach((item, i) => this.assign(item, value.items[i] as CValue, line));
      return;
    }
    if (t.kind !== 'name') throw this.badTarget(t);
    this.env.set(t.id, isScalarConst(value) ? this.b.toTensor(value, line) : value);
  }

  private truth(v: CValue): boolean {
    if (isScalarConst(v)) return truthy(v);
    if (v.kind === 'none') return false;
    if (v.kind === 'tuple') return v.items.length > 0;
    return true;
  }

  lookup(id: string, line: number): CValue {
    const v = this.env.get(id) ?? this.globals.get(id);
    if (v) return v;
    if (BUILTIN_FUNCTIONS.has(id)) return { kind: 'function', name: id };
    throw compileError(line, `name '${id}' is not defined`);
  }

  private forLoop(s: Extract<Stmt, { kind: 'for' }>): void {
    const iter = s.iter;
    if (iter.kind !== 'call')
      throw unsupported(
        s.line,
        'A for loop over something other than range() or tl.static_range()',
      );
    const fn = this.expr(iter.func);
    const name = fn.kind === 'function' ? fn.name : '';
    if (name !== 'range' && name !== 'tl.static_range')
      throw unsupported(
        s.line,
        name === 'tl.range'
          ? 'tl.range'
          : 'A for loop over something other than range() or tl.static_range()',
        'Loop with for i in range(start, stop, step) or tl.static_range(...).',
      );
    if (iter.keywords.length > 0)
      throw unsupported(s.line, `The keyword ${iter.keywords[0]?.name}= of ${name}`);
    if (iter.args.length < 1 || iter.args.length > 3)
      throw compileError(s.line, `${name} expected 1 to 3 arguments, got ${iter.args.length}`);
    if (s.target.kind !== 'name') throw unsupported(s.line, 'A for loop with a tuple target');
    const values = iter.args.map((a) => this.expr(a));
    const [start, stop, step] =
      values.length === 1
        ? [
            { kind: 'int', value: 0 } as CValue,
            values[0] as CValue,
            { kind: 'int', value: 1 } as CValue,
          ]
        : [
            values[0] as CValue,
            values[1] as CValue,
            values[2] ?? ({ kind: 'int', value: 1 } as CValue),
          ];
    if (name === 'tl.static_range') {
      const bounds = [start, stop, step].map((v, i) =>
        constInt(
          this,
          v,
          iter.args[values.length === 1 ? 0 : i],
          "tl.static_range's arguments",
          s.line,
        ),
      ) as [number, number, number];
      this.staticLoop(s, bounds);
      return;
    }
    this.runtimeLoop(s, s.target.id, [start, stop, step]);
  }

  private staticLoop(
    s: Extract<Stmt, { kind: 'for' }>,
    [start, stop, step]: [number, number, number],
  ): void {
    if (step === 0) throw compileError(s.line, 'tl.static_range() arg 3 must not be zero');
    const count = Math.max(0, Math.ceil((stop - start) / step));
    if (count > this.limits.maxUnroll)
      throw new TritonError(
        'budget',
        s.line,
        `tl.static_range would unroll its body ${formatCount(count)} times; the interpreter unrolls at most ${formatCount(this.limits.maxUnroll)}`,
        'Use range(...) for a long loop: it is not unrolled.',
      );
    const target = (s.target as { id: string }).id;
    for (let i = 0; i < count; i++) {
      this.env.set(target, { kind: 'int', value: start + i * step });
      this.stmts(s.body);
    }
  }

  private runtimeLoop(s: Extract<Stmt, { kind: 'for' }>, target: string, bounds: CValue[]): void {
    const line = s.line;
    const [start, stop, step] = bounds.map((v, i) => {
      if (isScalarConst(v) && v.kind !== 'float')
        return this.b.cast(this.b.toTensor(v, line), 'int32', line);
      if (
        v.kind === 'tensor' &&
        v.type.shape.length === 0 &&
        (v.type.dtype === 'int32' || v.type.dtype === 'int1')
      )
        return this.b.cast(v, 'int32', line);
      throw compileError(
        line,
        `range() argument ${i + 1} must be an int scalar, not ${describe(v)}`,
      );
    }) as [TensorValue, TensorValue, TensorValue];
    if (isScalarConst(bounds[2] as CValue) && (bounds[2] as ScalarConst).value === 0)
      throw compileError(line, 'range() arg 3 must not be zero');
    const carried = [...assignedNames(s.body)].filter((n) => n !== target && this.env.has(n));
    const inits = carried.map((n) => {
      const v = this.env.get(n) as CValue;
      if (v.kind !== 'tensor')
        throw compileError(line, `cannot reassign constexpr ${n} in the loop`);
      return v;
    });
    const saved = new Map(this.env);
    this.b.pushBlock();
    this.loopDepth++;
    const iv = this.b.value({ dtype: 'int32', shape: [] }, line);
    const params = inits.map((init) => this.b.value(init.type, line));
    carried.forEach((n, i) => this.env.set(n, params[i] as TensorValue));
    this.env.set(target, iv);
    this.stmts(s.body);
    const yields: ValueId[] = carried.map((n, i) => {
      const v = this.env.get(n) as CValue;
      const init = inits[i] as TensorValue;
      if (v.kind !== 'tensor')
        throw compileError(line, `cannot reassign constexpr ${n} in the loop`);
      if (v.type.dtype !== init.type.dtype || !sameShape(v.type.shape, init.type.shape))
        throw compileError(
          line,
          `Loop-carried variable ${n} has initial type ${typeName(init.type)} but is re-assigned to ${typeName(v.type)} in loop! Please make sure that the type stays consistent.`,
        );
      return v.id;
    });
    this.loopDepth--;
    const body = this.b.popBlock();
    const results = inits.map((init) => this.b.value(init.type, line));
    this.b.emit({
      op: 'for',
      line,
      iv: iv.id,
      start: start.id,
      stop: stop.id,
      step: step.id,
      carried: params.map((p) => p.id),
      inits: inits.map((v) => v.id),
      body,
      yields,
      results: results.map((r) => r.id),
    });
    this.env = saved;
    carried.forEach((n, i) => this.env.set(n, results[i] as TensorValue));
  }

  /** Evaluates an expression. */
  expr(e: Expr): CValue {
    switch (e.kind) {
      case 'number':
        return e.isFloat ? { kind: 'float', value: e.value } : { kind: 'int', value: e.value };
      case 'string':
        return { kind: 'string', value: e.value };
      case 'const':
        return e.value === null ? { kind: 'none' } : { kind: 'bool', value: e.value };
      case 'name':
        return this.lookup(e.id, e.line);
      case 'tuple':
      case 'list':
        return { kind: 'tuple', items: e.items.map((i) => this.expr(i)) };
      case 'attribute': {
        const object = this.expr(e.object);
        if (object.kind === 'module') return moduleAttribute(object.name, e.name, e.line);
        if (object.kind === 'tensor') return tensorAttribute(object, e.name, e.line);
        throw compileError(e.line, `${describe(object)} has no attribute '${e.name}'`);
      }
      case 'call': {
        const fn = this.expr(e.func);
        if (fn.kind === 'method') return callMethod(this, fn, e);
        if (fn.kind === 'function') return callBuiltin(this, fn.name, e);
        throw compileError(e.line, `${describe(fn)} is not callable`);
      }
      case 'subscript':
        return this.subscript(e.object, e.index, e.line);
      case 'slice':
        throw compileError(e.line, 'a slice (:) is only allowed inside [ ]');
      case 'binary':
        return binary(this.b, e.op, this.expr(e.left), this.expr(e.right), e.line);
      case 'compare':
        return compare(this.b, e.op, this.expr(e.left), this.expr(e.right), e.line);
      case 'unary':
        return unary(this.b, e.op, this.expr(e.operand), e.line);
      case 'bool': {
        const left = this.expr(e.left);
        if (left.kind === 'tensor')
          throw unsupported(
            e.line,
            `"${e.op}" between blocks`,
            `Combine masks with ${e.op === 'and' ? '&' : '|'}: (a < n) ${e.op === 'and' ? '&' : '|'} (b < m).`,
          );
        if (e.op === 'and' ? !this.truth(left) : this.truth(left)) return left;
        const right = this.expr(e.right);
        if (right.kind === 'tensor')
          throw unsupported(
            e.line,
            `"${e.op}" between blocks`,
            `Combine masks with ${e.op === 'and' ? '&' : '|'}.`,
          );
        return right;
      }
      case 'ifexp': {
        const test = this.expr(e.test);
        if (test.kind === 'tensor')
          throw unsupported(
            e.line,
            'A conditional expression on a runtime value',
            'Use tl.where(cond, a, b).',
          );
        return this.expr(this.truth(test) ? e.body : e.orelse);
      }
      case 'lambda':
        throw unsupported(e.line, 'A lambda inside a kernel');
    }
  }

  /** `x[:, None]`-style indexing of a block, or an index into a constexpr tuple. */
  private subscript(objectExpr: Expr, index: Expr, line: number): CValue {
    const object = this.expr(objectExpr);
    if (object.kind === 'tuple') {
      const i = constInt(this, this.expr(index), index, 'a tuple index', line);
      const item = object.items[i < 0 ? object.items.length + i : i];
      if (!item) throw compileError(line, 'tuple index out of range');
      return item;
    }
    if (object.kind !== 'tensor')
      throw compileError(line, `${describe(object)} is not subscriptable`);
    const items = index.kind === 'tuple' ? index.items : [index];
    const rank = object.type.shape.length;
    const slices = items.filter((i) => i.kind === 'slice').length;
    for (const item of items) {
      const isFull = item.kind === 'slice' && !item.lower && !item.upper && !item.step;
      const isNone = item.kind === 'const' && item.value === null;
      if (!isFull && !isNone)
        throw unsupported(
          line,
          item.kind === 'slice'
            ? 'Slicing a block with bounds (x[a:b])'
            : 'Indexing a block with a number or a block',
          'A block takes only : and None as indices (x[:, None], x[None, :]); to pick elements, load them through pointers.',
        );
    }
    if (slices !== rank)
      throw compileError(
        line,
        `a block of shape [${object.type.shape.join(', ')}] needs ${rank} ':' in its index, got ${slices}`,
      );
    let v = object;
    items.forEach((item, position) => {
      if (item.kind === 'const') v = this.b.expandDims(v, position, line);
    });
    return v;
  }
}
