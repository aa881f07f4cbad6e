/**
 * Launching a kernel from TypeScript: `runKernel(source, { grid, args, constexprs })` parses the
 * source, binds the arguments to the kernel's parameters (tensors become pointers, numbers int32
 * or fp32 scalars, constexprs fold), lowers the kernel to the IR for that signature, checks the
 * grid as Triton does (a tuple of 1 to 3 non-negative ints, or a function of the launch's meta
 * parameters), refuses launches over the interpreter's budgets before anything runs, then runs
 * every program instance. Tensors are written in place.
 */
import type { FunctionDef } from './ast';
import { type ElementDtype } from './dtype';
import { TritonError } from './errors';
import { type ParamValue, type RunStats, interpret, programBytes, staticWork } from './interpret';
import type { KernelIR } from './ir';
import { DEFAULT_LIMITS, type Limits, formatCount, formatMiB } from './limits';
import { type ArgSpec, isConstexprParam, lowerKernel } from './lower';
import { type TritonModule, pickKernel, readModule } from './module';
import type { FloatArg, TritonTensor } from './tensor';
import { type ScalarConst, constOf } from './values';
import type { Expr } from './ast';

/** A value passed for a kernel parameter. */
export type KernelArg = TritonTensor | number | boolean | FloatArg;

/** What a grid function receives: every argument by name (constexprs included). */
export type GridMeta = Readonly<Record<string, KernelArg>>;

/** A grid: up to three program counts, or a function of the meta-parameters. */
export type Grid = readonly number[] | ((meta: GridMeta) => readonly number[]);

/** How to launch. */
export interface LaunchOptions {
  grid: Grid;
  /** Arguments in parameter order, or by name. */
  args: readonly KernelArg[] | Readonly<Record<string, KernelArg>>;
  /** Values for `tl.constexpr` parameters, by name. */
  constexprs?: Readonly<Record<string, number | boolean | FloatArg>>;
  /** The `@triton.jit` function to launch, when the source has several. */
  kernel?: string;
  /** Overrides of the interpreter's budgets. */
  limits?: Partial<Limits>;
}

/** What a launch did. */
export interface LaunchResult extends RunStats {
  ir: KernelIR;
  grid: [number, number, number];
}

function isTensor(a: KernelArg): a is TritonTensor {
  return typeof a === 'object' && 'data' in a;
}

function isFloatArg(a: KernelArg): a is FloatArg {
  return typeof a === 'object' && 'float' in a;
}

/** A parameter's default, which must be a literal. */
function literalDefault(e: Expr): KernelArg | undefined {
  if (e.kind === 'number') return e.isFloat ? { float: e.value } : e.value;
  if (e.kind === 'const' && typeof e.value === 'boolean') return e.value;
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number')
    return e.operand.isFloat ? { float: -e.operand.value } : -e.operand.value;
  return undefined;
}

/** The arguments by parameter name, defaults filled in; errors name what is missing or extra. */
export function bindArguments(
  def: FunctionDef,
  options: Pick<LaunchOptions, 'args' | 'constexprs'>,
): Map<string, KernelArg> {
  const bound = new Map<string, KernelArg>();
  const names = def.params.map((p) => p.name);
  if (Array.isArray(options.args)) {
    const list = options.args as readonly KernelArg[];
    if (list.length > names.length)
      throw new TritonError(
        'launch',
        null,
        `${def.name}() takes ${names.length} arguments but ${list.length} were given`,
      );
    list.forEach((a, i) => bound.set(names[i] as string, a));
  } else {
    for (const [k, a] of Object.entries(options.args as Record<string, KernelArg>)) {
      if (!names.includes(k))
        throw new TritonError('launch', null, `${def.name}() got an unexpected argument '${k}'`);
      bound.set(k, a);
    }
  }
  for (const [k, a] of Object.entries(options.constexprs ?? {})) {
    if (!names.includes(k))
      throw new TritonError('launch', null, `${def.name}() got an unexpected argument '${k}'`);
    if (bound.has(k))
      throw new TritonError(
        'launch',
        null,
        `${def.name}() got multiple values for argument '${k}'`,
      );
    bound.set(k, a);
  }
  for (const p of def.params) {
    if (bound.has(p.name)) continue;
    const fallback = p.default ? literalDefault(p.default) : undefined;
    if (fallback === undefined)
      throw new TritonError('launch', null, `${def.name}() is missing the argument '${p.name}'`);
    bound.set(p.name, fallback);
  }
  return bound;
}

/** The signature lowering needs, from the bound arguments. */
function argSpecs(def: FunctionDef, bound: ReadonlyMap<string, KernelArg>): Map<string, ArgSpec> {
  const specs = new Map<string, ArgSpec>();
  for (const p of def.params) {
    const a = bound.get(p.name) as KernelArg;
    if (isConstexprParam(p.annotation)) {
      if (isTensor(a))
        throw new TritonError(
          'launch',
          null,
          `${p.name} is a tl.constexpr parameter: pass a number, not a tensor`,
        );
      const value: ScalarConst = isFloatArg(a) ? constOf(a.float, true) : constOf(a);
      specs.set(p.name, { kind: 'constexpr', value });
    } else if (isTensor(a)) {
      specs.set(p.name, { kind: 'pointer', dtype: a.dtype });
    } else if (typeof a === 'boolean') {
      specs.set(p.name, { kind: 'bool' });
    } else if (isFloatArg(a) || !Number.isInteger(a)) {
      specs.set(p.name, { kind: 'float' });
    } else {
      if (a < -(2 ** 31) || a >= 2 ** 31)
        throw new TritonError(
          'launch',
          null,
          `${p.name} = ${a} does not fit in int32; this runtime has no int64`,
        );
      specs.set(p.name, { kind: 'int' });
    }
  }
  return specs;
}

/** Lowers a kernel for the given arguments. */
export function compileKernel(
  source: string | TritonModule,
  options: Pick<LaunchOptions, 'args' | 'constexprs' | 'kernel' | 'limits'>,
): KernelIR {
  const module = typeof source === 'string' ? readModule(source) : source;
  const def = pickKernel(module, options.kernel);
  const bound = bindArguments(def, options);
  return lowerKernel(def, module.globals, argSpecs(def, bound), {
    ...DEFAULT_LIMITS,
    ...options.limits,
  });
}

/** Checks a grid as Triton's launcher does and pads it to three dimensions. */
export function normalizeGrid(grid: Grid, meta: GridMeta): [number, number, number] {
  const dims = typeof grid === 'function' ? grid(meta) : grid;
  if (!Array.isArray(dims) || dims.length < 1 || dims.length > 3)
    throw new TritonError(
      'launch',
      null,
      `the grid must have 1, 2 or 3 dimensions; got ${Array.isArray(dims) ? `${dims.length}: (${dims.join(', ')})` : String(dims)}`,
      'Write grid = (programs,) or (x, y) or (x, y, z).',
    );
  const out: [number, number, number] = [1, 1, 1];
  dims.forEach((d, i) => {
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0)
      throw new TritonError(
        'launch',
        null,
        `grid dimension ${i} must be a non-negative int; got ${String(d)}`,
        'Use triton.cdiv(n, BLOCK) for a count of blocks.',
      );
    const max = i === 0 ? 2 ** 31 - 1 : 65535;
    if (d > max)
      throw new TritonError(
        'launch',
        null,
        `grid dimension ${i} is ${d}; CUDA allows at most ${max} there`,
      );
    out[i] = d;
  });
  return out;
}

/** Launches a kernel on the interpreter. */
export function runKernel(source: string | TritonModule, options: LaunchOptions): LaunchResult {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const module = typeof source === 'string' ? readModule(source) : source;
  const def = pickKernel(module, options.kernel);
  const bound = bindArguments(def, options);
  const ir = lowerKernel(def, module.globals, argSpecs(def, bound), limits);
  const grid = normalizeGrid(options.grid, Object.fromEntries(bound));
  const programs = grid[0] * grid[1] * grid[2];
  if (programs > limits.maxPrograms)
    throw new TritonError(
      'budget',
      null,
      `the grid (${grid.join(', ')}) has ${formatCount(programs)} programs; the interpreter runs at most ${formatCount(limits.maxPrograms)} in one launch`,
      'Use bigger blocks or a smaller problem.',
    );
  const bytes = programBytes(ir);
  if (bytes > limits.maxProgramBytes)
    throw new TritonError(
      'budget',
      null,
      `${def.name}'s blocks take ${formatMiB(bytes)} per program; the interpreter's memory budget is ${formatMiB(limits.maxProgramBytes)}`,
      'Use smaller blocks.',
    );
  const work = programs * staticWork(ir.body, ir.types);
  if (work > limits.maxWork)
    throw new TritonError(
      'budget',
      null,
      `the launch would take about ${formatCount(work)} element operations (${formatCount(programs)} programs), past the interpreter's budget of ${formatCount(limits.maxWork)}`,
      'Use smaller sizes in the interpreter.',
    );
  const params: ParamValue[] = ir.params.map((p) => {
    const a = bound.get(p.name) as KernelArg;
    if (isTensor(a)) return { kind: 'tensor', tensor: a };
    if (isFloatArg(a)) return { kind: 'scalar', value: Math.fround(a.float) };
    if (typeof a === 'boolean') return { kind: 'scalar', value: a ? 1 : 0 };
    return { kind: 'scalar', value: p.type.dtype === 'fp32' ? Math.fround(a) : a };
  });
  const stats = interpret(ir, params, grid, limits, work);
  return { ir, grid, ...stats };
}

export type { ElementDtype };
