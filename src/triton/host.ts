/**
 * The host side of a Triton script: after the kernels, the lines that launch them, as a learner
 * writes them in Python:
 *
 *     grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']),)
 *     add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=1024)
 *
 * Tensors and numbers come from TypeScript by name (`env`); the script may compute with them
 * (`x.shape[0]`, `x.stride(0)`, `x.numel()`, `triton.cdiv`, `triton.next_power_of_2`, Python
 * arithmetic), bind names, build tuple or `lambda meta:` grids, and launch with `kernel[grid](...)`.
 * `num_warps=` and `num_stages=` are accepted and recorded; they change nothing here.
 */
import type { Expr, Stmt } from './ast';
import { TritonError, compileError, unsupported } from './errors';
import { foldBinary, foldCompare, foldUnary, truthy } from './fold';
import { type KernelArg, type LaunchResult, runKernel } from './launch';
import type { Limits } from './limits';
import { readModule } from './module';
import { type FloatArg, type TritonTensor, floatArg } from './tensor';
import { type ScalarConst, constOf, formatConst, isScalarConst } from './values';

/** A value in host code. */
type HostValue =
  | ScalarConst
  | { kind: 'none' }
  | { kind: 'string'; value: string }
  | { kind: 'tensor'; tensor: TritonTensor }
  | { kind: 'tuple'; items: HostValue[] }
  | { kind: 'dict'; entries: ReadonlyMap<string, HostValue> }
  | { kind: 'lambda'; params: string[]; body: Expr; scope: Map<string, HostValue> }
  | { kind: 'kernel'; name: string }
  | { kind: 'launcher'; name: string; grid: HostValue; line: number }
  | { kind: 'module'; name: string }
  | { kind: 'function'; name: string }
  | { kind: 'method'; name: string; tensor: TritonTensor };

/** One launch the script made. */
export interface ScriptLaunch {
  kernel: string;
  line: number;
  /** Launch options Triton uses on a GPU (num_warps, num_stages), as given. */
  options: Readonly<Record<string, number>>;
  result: LaunchResult;
}

/** How to run a script. */
export interface ScriptOptions {
  /** Tensors and numbers the script names. */
  env: Readonly<Record<string, KernelArg>>;
  limits?: Partial<Limits>;
}

const LAUNCH_OPTIONS = new Set(['num_warps', 'num_stages', 'num_ctas']);

function toHost(a: KernelArg): HostValue {
  if (typeof a === 'boolean') return constOf(a);
  if (typeof a === 'number') return constOf(a);
  if ('float' in a) return constOf(a.float, true);
  return { kind: 'tensor', tensor: a };
}

function toArg(v: HostValue, what: string, line: number): KernelArg {
  if (v.kind === 'tensor') return v.tensor;
  if (v.kind === 'bool') return v.value;
  if (v.kind === 'int') return v.value;
  if (v.kind === 'float') return floatArg(v.value) as FloatArg;
  throw compileError(line, `${what} must be a tensor or a number, not ${v.kind}`);
}

function withLine(e: unknown, line: number): unknown {
  if (e instanceof TritonError && e.line === null)
    return new TritonError(e.kind, line, e.message, e.hint);
  return e;
}

/** Runs a script: its kernels, then its host lines in order. */
export function runScript(source: string, options: ScriptOptions): ScriptLaunch[] {
  const module = readModule(source);
  const scope = new Map<string, HostValue>();
  for (const [k, v] of Object.entries(options.env)) scope.set(k, toHost(v));
  const globals = (name: string): HostValue | undefined => {
    const g = module.globals.get(name);
    if (!g) return undefined;
    if (g.kind === 'module') return { kind: 'module', name: g.name };
    if (module.kernels.has(name)) return { kind: 'kernel', name };
    return undefined;
  };
  const launches: ScriptLaunch[] = [];
  const host = new Host(scope, globals, (launcher, call) => {
    const params = module.kernels.get(launcher.name)?.params ?? [];
    if (call.args.length > params.length)
      throw new TritonError(
        'launch',
        call.line,
        `${launcher.name}() takes ${params.length} arguments but ${call.args.length} were given`,
      );
    const named: Record<string, KernelArg> = {};
    call.args.forEach((a, i) => {
      named[(params[i] as { name: string }).name] = toArg(
        host.eval(a),
        `argument ${i + 1}`,
        call.line,
      );
    });
    const launchOptions: Record<string, number> = {};
    for (const k of call.keywords) {
      const v = host.eval(k.value);
      if (LAUNCH_OPTIONS.has(k.name)) {
        if (v.kind !== 'int') throw compileError(call.line, `${k.name} must be an int`);
        launchOptions[k.name] = v.value;
      } else if (k.name in named) {
        throw new TritonError(
          'launch',
          call.line,
          `${launcher.name}() got multiple values for argument '${k.name}'`,
        );
      } else named[k.name] = toArg(v, k.name, call.line);
    }
    const grid = launcher.grid;
    try {
      const result = runKernel(module, {
        kernel: launcher.name,
        args: named,
        limits: options.limits,
        grid:
          grid.kind === 'lambda'
            ? (meta) =>
                host.gridDims(
                  host.callLambda(
                    grid,
                    [
                      {
                        kind: 'dict',
                        entries: new Map(Object.entries(meta).map(([k, v]) => [k, toHost(v)])),
                      },
                    ],
                    call.line,
                  ),
                  call.line,
                )
            : host.gridDims(grid, call.line),
      });
      launches.push({ kernel: launcher.name, line: call.line, options: launchOptions, result });
    } catch (e) {
      throw withLine(e, call.line);
    }
  });
  for (const s of module.host) host.stmt(s);
  return launches;
}

type Launch = (
  launcher: Extract<HostValue, { kind: 'launcher' }>,
  call: Extract<Expr, { kind: 'call' }>,
) => void;

class Host {
  constructor(
    private readonly scope: Map<string, HostValue>,
    private readonly globals: (name: string) => HostValue | undefined,
    private readonly launch: Launch,
  ) {}

  stmt(s: Stmt): void {
    if (s.kind === 'assign') {
      const value = this.eval(s.value);
      for (const t of s.targets) {
        if (t.kind === 'name') this.scope.set(t.id, value);
        else if (
          t.kind === 'tuple' &&
          value.kind === 'tuple' &&
          value.items.length === t.items.length
        )
          t.items.forEach((item, i) => {
            if (item.kind !== 'name')
              throw unsupported(s.line, 'Assigning to something other than a name');
            this.scope.set(item.id, value.items[i] as HostValue);
          });
        else throw unsupported(s.line, 'This assignment in host code');
      }
      return;
    }
    if (s.kind === 'expr') {
      if (s.expr.kind === 'string') return;
      const e = s.expr;
      if (e.kind === 'call') {
        const fn = this.eval(e.func);
        if (fn.kind === 'launcher') {
          this.launch(fn, e);
          return;
        }
      }
      throw unsupported(
        s.line,
        'A host statement other than an assignment or a kernel launch',
        'Launch with kernel[grid](arguments).',
      );
    }
    if (s.kind === 'pass') return;
    throw unsupported(
      s.line,
      `A host-side ${s.kind === 'def' ? 'function' : `${s.kind} statement`}`,
      'After the kernels, write assignments and kernel[grid](...) launches only.',
    );
  }

  gridDims(v: HostValue, line: number): number[] {
    const items = v.kind === 'tuple' ? v.items : [v];
    return items.map((item) => {
      if (item.kind === 'int') return item.value;
      if (item.kind === 'float') return item.value;
      throw compileError(line, `a grid holds ints, not ${item.kind}`);
    });
  }

  callLambda(
    fn: Extract<HostValue, { kind: 'lambda' }>,
    args: HostValue[],
    line: number,
  ): HostValue {
    if (args.length !== fn.params.length)
      throw compileError(
        line,
        `the lambda takes ${fn.params.length} arguments (${args.length} given)`,
      );
    const inner = new Map(fn.scope);
    fn.params.forEach((p, i) => inner.set(p, args[i] as HostValue));
    return new Host(inner, this.globals, this.launch).eval(fn.body);
  }

  private num(v: HostValue, line: number): ScalarConst {
    if (isScalarConst(v)) return v;
    throw compileError(line, `expected a number, not ${v.kind}`);
  }

  eval(e: Expr): HostValue {
    const line = e.line;
    switch (e.kind) {
      case 'number':
        return constOf(e.value, e.isFloat);
      case 'string':
        return { kind: 'string', value: e.value };
      case 'const':
        return e.value === null ? { kind: 'none' } : constOf(e.value);
      case 'name': {
        const v = this.scope.get(e.id) ?? this.globals(e.id);
        if (v) return v;
        if (['min', 'max', 'len', 'int', 'float'].includes(e.id))
          return { kind: 'function', name: e.id };
        throw compileError(line, `name '${e.id}' is not defined`);
      }
      case 'tuple':
      case 'list':
        return { kind: 'tuple', items: e.items.map((i) => this.eval(i)) };
      case 'lambda':
        return { kind: 'lambda', params: e.params, body: e.body, scope: this.scope };
      case 'attribute': {
        const o = this.eval(e.object);
        if (
          o.kind === 'module' &&
          o.name === 'triton' &&
          (e.name === 'cdiv' || e.name === 'next_power_of_2')
        )
          return { kind: 'function', name: `triton.${e.name}` };
        if (o.kind === 'tensor') {
          if (e.name === 'shape')
            return { kind: 'tuple', items: o.tensor.shape.map((d) => constOf(d)) };
          if (e.name === 'stride' || e.name === 'numel' || e.name === 'size')
            return { kind: 'method', name: e.name, tensor: o.tensor };
        }
        throw unsupported(
          line,
          `${o.kind === 'module' ? `${o.name}.` : '.'}${e.name} in host code`,
        );
      }
      case 'subscript': {
        const o = this.eval(e.object);
        if (o.kind === 'kernel')
          return { kind: 'launcher', name: o.name, grid: this.eval(e.index), line };
        const index = this.eval(e.index);
        if (o.kind === 'dict' && index.kind === 'string') {
          const v = o.entries.get(index.value);
          if (!v) throw compileError(line, `KeyError: '${index.value}'`);
          return v;
        }
        if (o.kind === 'tuple' && index.kind === 'int') {
          const v = o.items[index.value < 0 ? o.items.length + index.value : index.value];
          if (!v) throw compileError(line, 'IndexError: tuple index out of range');
          return v;
        }
        throw unsupported(line, 'This subscript in host code');
      }
      case 'call':
        return this.call(e);
      case 'binary':
        return foldBinary(
          e.op,
          this.num(this.eval(e.left), line),
          this.num(this.eval(e.right), line),
          line,
        );
      case 'compare':
        return foldCompare(
          e.op,
          this.num(this.eval(e.left), line),
          this.num(this.eval(e.right), line),
          line,
        );
      case 'unary':
        return foldUnary(e.op, this.num(this.eval(e.operand), line), line);
      case 'ifexp':
        return truthy(this.num(this.eval(e.test), line)) ? this.eval(e.body) : this.eval(e.orelse);
      case 'bool': {
        const left = this.num(this.eval(e.left), line);
        if (e.op === 'and' ? !truthy(left) : truthy(left)) return left;
        return this.eval(e.right);
      }
      case 'slice':
        throw unsupported(line, 'A slice in host code');
    }
  }

  private call(e: Extract<Expr, { kind: 'call' }>): HostValue {
    const line = e.line;
    const fn = this.eval(e.func);
    if (e.keywords.length > 0 && fn.kind !== 'launcher')
      throw unsupported(line, 'Keyword arguments here');
    const args = () => e.args.map((a) => this.eval(a));
    const ints = () => args().map((a) => this.num(a, line));
    switch (fn.kind) {
      case 'lambda':
        return this.callLambda(fn, args(), line);
      case 'launcher':
        throw compileError(line, 'a kernel launch is a statement of its own');
      case 'method': {
        const t = fn.tensor;
        if (fn.name === 'numel') return constOf(t.shape.reduce((a, b) => a * b, 1));
        const [dim] = ints();
        if (dim === undefined)
          return fn.name === 'size'
            ? { kind: 'tuple', items: t.shape.map((d) => constOf(d)) }
            : { kind: 'tuple', items: t.strides.map((d) => constOf(d)) };
        const d = Number(dim.value) < 0 ? t.shape.length + Number(dim.value) : Number(dim.value);
        const value = (fn.name === 'size' ? t.shape : t.strides)[d];
        if (value === undefined)
          throw compileError(line, `IndexError: dimension ${formatConst(dim)} out of range`);
        return constOf(value);
      }
      case 'function': {
        const [a, b] = ints();
        const x = Number(a?.value ?? 0);
        const y = Number(b?.value ?? 0);
        switch (fn.name) {
          case 'triton.cdiv':
            if (y === 0)
              throw compileError(line, 'ZeroDivisionError: integer division or modulo by zero');
            return constOf(Math.floor((x + y - 1) / y));
          case 'triton.next_power_of_2':
            return constOf(x <= 1 ? 1 : 2 ** Math.ceil(Math.log2(x)));
          case 'int':
            return constOf(Math.trunc(x));
          case 'float':
            return constOf(x, true);
          case 'min':
            return constOf(Math.min(x, y), a?.kind === 'float' || b?.kind === 'float');
          case 'max':
            return constOf(Math.max(x, y), a?.kind === 'float' || b?.kind === 'float');
        }
        break;
      }
      default:
        break;
    }
    throw unsupported(
      line,
      `Calling ${fn.kind === 'function' ? `${fn.name}()` : `a ${fn.kind}`} in host code`,
    );
  }
}
