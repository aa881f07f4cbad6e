/**
 * The `tl.*` functions of the subset (and the few Python builtins a kernel may call on
 * constexprs), with Triton's argument names, its checks (block sizes are constexpr powers of two,
 * `tl.dot` needs every dimension >= 16, masks are booleans) and its result dtypes (`tl.sum` keeps
 * fp16, `tl.max` of fp16 is fp32, `tl.dot` accumulates in fp32). Keywords outside the subset,
 * such as `eviction_policy=`, are refused by name.
 */
import { castTo, mathFn, minmax, where, binary } from './arith';
import type { Expr } from './ast';
import {
  type ElementDtype,
  type ScalarDtype,
  isFloat,
  isPointer,
  pointee,
  typeName,
} from './dtype';
import { compileError, formatShape, unsupported } from './errors';
import type { DotPrecision, ReduceKind, UnaryKind } from './ir';
import { type LowerContext, exprText } from './context';
import { type CValue, type TensorValue, constOf, describe, isScalarConst } from './values';

/** The dtypes of the subset, by their `tl.` names. */
const DTYPES: Readonly<Record<string, ScalarDtype>> = {
  float32: 'fp32',
  float16: 'fp16',
  int32: 'int32',
  int1: 'int1',
};

/** Other dtypes Triton has, refused by name. */
const OTHER_DTYPES = new Set([
  'bfloat16',
  'float64',
  'float8e4nv',
  'float8e5',
  'int8',
  'int16',
  'int64',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
]);

/** Each function's parameters in order; the first `required` must be given. */
const SIGNATURES: Readonly<Record<string, { params: string[]; required: number }>> = {
  'tl.program_id': { params: ['axis'], required: 0 },
  'tl.num_programs': { params: ['axis'], required: 0 },
  'tl.arange': { params: ['start', 'end'], required: 2 },
  'tl.zeros': { params: ['shape', 'dtype'], required: 2 },
  'tl.full': { params: ['shape', 'value', 'dtype'], required: 3 },
  'tl.load': { params: ['pointer', 'mask', 'other'], required: 1 },
  'tl.store': { params: ['pointer', 'value', 'mask'], required: 2 },
  'tl.atomic_add': { params: ['pointer', 'val', 'mask'], required: 2 },
  'tl.where': { params: ['condition', 'x', 'y'], required: 3 },
  'tl.maximum': { params: ['x', 'y'], required: 2 },
  'tl.minimum': { params: ['x', 'y'], required: 2 },
  'tl.sum': { params: ['input', 'axis', 'keep_dims'], required: 1 },
  'tl.max': { params: ['input', 'axis', 'keep_dims'], required: 1 },
  'tl.min': { params: ['input', 'axis', 'keep_dims'], required: 1 },
  'tl.argmax': { params: ['input', 'axis', 'keep_dims'], required: 2 },
  'tl.cumsum': { params: ['input', 'axis'], required: 1 },
  'tl.dot': { params: ['input', 'other', 'acc', 'input_precision', 'out_dtype'], required: 2 },
  'tl.cdiv': { params: ['x', 'div'], required: 2 },
  'triton.cdiv': { params: ['x', 'y'], required: 2 },
  float: { params: ['x'], required: 1 },
  int: { params: ['x'], required: 1 },
  abs: { params: ['x'], required: 1 },
  min: { params: ['a', 'b'], required: 2 },
  max: { params: ['a', 'b'], required: 2 },
};

const MATH: Readonly<Record<string, UnaryKind>> = {
  'tl.exp': 'exp',
  'tl.exp2': 'exp2',
  'tl.log': 'log',
  'tl.sqrt': 'sqrt',
  'tl.rsqrt': 'rsqrt',
  'tl.abs': 'abs',
  'tl.sigmoid': 'sigmoid',
};

/** `tl.` functions of the subset. */
const TL_FUNCTIONS = new Set([
  ...Object.keys(SIGNATURES).filter((k) => k.startsWith('tl.')),
  ...Object.keys(MATH),
  'tl.static_range',
  'tl.constexpr',
  'tl.range',
]);

/** Tensor methods Triton forwards to `tl.` functions. */
const METHODS = new Set([
  'to',
  'sum',
  'max',
  'min',
  'argmax',
  'cumsum',
  'exp',
  'exp2',
  'log',
  'sqrt',
  'rsqrt',
  'abs',
  'sigmoid',
]);

/** `tl.name`, `triton.name`. */
export function moduleAttribute(module: string, name: string, line: number): CValue {
  if (module === 'triton') {
    if (name === 'language') return { kind: 'module', name: 'tl' };
    if (name === 'cdiv' || name === 'jit') return { kind: 'function', name: `triton.${name}` };
    throw unsupported(line, `triton.${name}`);
  }
  const dtype = DTYPES[name];
  if (dtype) return { kind: 'dtype', dtype };
  if (OTHER_DTYPES.has(name))
    throw unsupported(
      line,
      `The dtype tl.${name}`,
      'The subset has tl.float32, tl.float16 and tl.int32.',
    );
  if (TL_FUNCTIONS.has(`tl.${name}`)) return { kind: 'function', name: `tl.${name}` };
  throw unsupported(line, `tl.${name}`);
}

/** `x.to`, `x.shape`, `x.dtype` and the forwarded methods. */
export function tensorAttribute(x: TensorValue, name: string, line: number): CValue {
  if (name === 'shape') return { kind: 'tuple', items: x.type.shape.map((d) => constOf(d)) };
  if (name === 'dtype' && !isPointer(x.type.dtype))
    return { kind: 'dtype', dtype: x.type.dtype as ScalarDtype };
  if (METHODS.has(name)) return { kind: 'method', name, self: x };
  throw unsupported(line, `The block attribute .${name}`);
}

/** Arguments bound to parameter names, with their expressions (for messages). */
interface Bound {
  value(name: string): CValue | undefined;
  expr(name: string): Expr | undefined;
}

function bindCall(
  L: LowerContext,
  name: string,
  call: Extract<Expr, { kind: 'call' }>,
  self?: TensorValue,
): Bound {
  const sig = SIGNATURES[name] ?? { params: ['x'], required: 1 };
  const values = new Map<string, CValue>();
  const exprs = new Map<string, Expr>();
  const positional = self ? [null, ...call.args] : call.args;
  if (positional.length > sig.params.length)
    throw compileError(
      call.line,
      `${name}() takes at most ${sig.params.length} arguments (${positional.length} given)`,
    );
  positional.forEach((a, i) => {
    const p = sig.params[i] as string;
    if (a === null) values.set(p, self as TensorValue);
    else {
      values.set(p, L.expr(a));
      exprs.set(p, a);
    }
  });
  for (const k of call.keywords) {
    if (!sig.params.includes(k.name))
      throw unsupported(call.line, `The keyword ${k.name}= of ${name}`);
    if (values.has(k.name))
      throw compileError(call.line, `${name}() got multiple values for argument '${k.name}'`);
    values.set(k.name, L.expr(k.value));
    exprs.set(k.name, k.value);
  }
  sig.params.slice(0, sig.required).forEach((p) => {
    if (!values.has(p))
      throw compileError(call.line, `${name}() missing required argument: '${p}'`);
  });
  return { value: (p) => values.get(p), expr: (p) => exprs.get(p) };
}

/** A constexpr int, or an error that names a runtime value and how to make it constexpr. */
export function constInt(
  L: LowerContext,
  v: CValue,
  e: Expr | undefined,
  what: string,
  line: number,
): number {
  if (v.kind === 'int') return v.value;
  if (v.kind === 'bool') return Number(v.value);
  const text = exprText(e);
  if (v.kind === 'tensor') {
    const param = text !== null && L.runtimeParams.has(text);
    throw compileError(
      line,
      `${what} must be tl.constexpr, but ${text ?? 'this'} is a runtime value`,
      param
        ? `Declare the parameter as ${text}: tl.constexpr.`
        : 'Compute it from tl.constexpr parameters and literals only.',
    );
  }
  throw compileError(line, `${what} must be an int, not ${describe(v)}`);
}

function tensorArg(
  L: LowerContext,
  v: CValue | undefined,
  what: string,
  line: number,
): TensorValue {
  if (v === undefined || v.kind === 'none') throw compileError(line, `${what} is missing`);
  return L.b.toTensor(v, line, what);
}

function dtypeArg(v: CValue | undefined, what: string, line: number): ScalarDtype {
  if (v?.kind !== 'dtype')
    throw compileError(
      line,
      `${what} must be a dtype such as tl.float32, not ${v ? describe(v) : 'missing'}`,
    );
  return v.dtype;
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && (n & (n - 1)) === 0;
}

/** A block shape: constexpr ints, each a power of two. */
function shapeArg(
  L: LowerContext,
  v: CValue | undefined,
  e: Expr | undefined,
  fn: string,
  line: number,
): number[] {
  if (v === undefined) throw compileError(line, `${fn}() missing required argument: 'shape'`);
  const items = v.kind === 'tuple' ? v.items : [v];
  const exprs = e && (e.kind === 'tuple' || e.kind === 'list') ? e.items : [e];
  return items.map((item, i) => {
    const d = constInt(L, item, exprs[i], `${fn}: shape element ${i}`, line);
    if (!isPowerOfTwo(d))
      throw compileError(line, `${fn}: Shape element ${i} must be a power of 2, got ${d}`);
    return d;
  });
}

function axisArg(
  L: LowerContext,
  v: CValue | undefined,
  e: Expr | undefined,
  rank: number,
  fn: string,
  line: number,
): number | null {
  if (v === undefined || v.kind === 'none') return null;
  const axis = constInt(L, v, e, `${fn}'s axis`, line);
  if (axis < -rank || axis >= rank)
    throw compileError(line, `${fn}: axis ${axis} is out of range for a block of rank ${rank}`);
  return axis < 0 ? axis + rank : axis;
}

function boolArg(v: CValue | undefined, what: string, line: number): boolean {
  if (v === undefined || v.kind === 'none') return false;
  if (v.kind === 'bool' || v.kind === 'int') return Boolean(v.value);
  throw compileError(line, `${what} must be a constexpr bool`);
}

/** Calls `x.method(...)` as the `tl.` function it forwards to. */
export function callMethod(
  L: LowerContext,
  m: Extract<CValue, { kind: 'method' }>,
  call: Extract<Expr, { kind: 'call' }>,
): CValue {
  if (m.name === 'to') {
    if (call.keywords.some((k) => k.name !== 'dtype'))
      throw unsupported(
        call.line,
        `The keyword ${call.keywords.find((k) => k.name !== 'dtype')?.name}= of .to()`,
      );
    const arg = call.args[0] ?? call.keywords[0]?.value;
    if (!arg || call.args.length + call.keywords.length !== 1)
      throw compileError(call.line, '.to() takes one dtype');
    return castTo(L.b, m.self, dtypeArg(L.expr(arg), '.to()', call.line), call.line);
  }
  return callBuiltin(L, `tl.${m.name}`, call, m.self);
}

/** Calls a builtin function. */
export function callBuiltin(
  L: LowerContext,
  name: string,
  call: Extract<Expr, { kind: 'call' }>,
  self?: TensorValue,
): CValue {
  const line = call.line;
  const b = L.b;
  const math = MATH[name];
  if (math) {
    const a = bindCall(L, name, call, self);
    return mathFn(b, math, a.value('x') as CValue, line);
  }
  switch (name) {
    case 'range':
    case 'tl.static_range':
      throw compileError(line, `${name}() is only allowed as the iterator of a for loop`);
    case 'tl.range':
      throw unsupported(line, 'tl.range', 'Use range(...) or tl.static_range(...).');
    case 'print':
      throw unsupported(line, 'print() inside a kernel');
    case 'triton.jit':
      throw unsupported(line, 'Calling triton.jit inside a kernel');
    case 'tl.constexpr': {
      const v = call.args[0] ? L.expr(call.args[0]) : undefined;
      if (!v || v.kind === 'tensor')
        throw compileError(line, 'tl.constexpr() takes a compile-time value');
      return v;
    }
    case 'tl.len':
    case 'len':
      throw unsupported(line, 'len()');
  }
  if (name.startsWith('jit:'))
    throw unsupported(
      line,
      `Calling another @triton.jit function (${name.slice(4)})`,
      "Write the helper's code inside the kernel.",
    );
  const a = bindCall(L, name, call, self);
  const v = (p: string) => a.value(p);
  switch (name) {
    case 'tl.program_id':
    case 'tl.num_programs': {
      const axis = v('axis')
        ? constInt(L, v('axis') as CValue, a.expr('axis'), `${name.slice(3)} axis`, line)
        : 0;
      if (axis !== 0 && axis !== 1 && axis !== 2)
        throw compileError(line, `${name.slice(3)} axis must be 0, 1, or 2 but got ${axis}`);
      return b.define(
        { dtype: 'int32', shape: [] },
        { op: name === 'tl.program_id' ? 'program_id' : 'num_programs', axis },
        line,
      );
    }
    case 'tl.arange': {
      const start = constInt(
        L,
        v('start') as CValue,
        a.expr('start'),
        "tl.arange's arguments",
        line,
      );
      const end = constInt(L, v('end') as CValue, a.expr('end'), "tl.arange's arguments", line);
      if (end <= start)
        throw compileError(line, "arange's end argument must be greater than the start argument");
      if (!isPowerOfTwo(end - start))
        throw compileError(
          line,
          `arange's range must be a power of 2, got ${end - start} (tl.arange(${start}, ${end}))`,
          'Round the block up to a power of two and mask the extra lanes.',
        );
      return b.define({ dtype: 'int32', shape: [end - start] }, { op: 'arange', start }, line);
    }
    case 'tl.zeros':
    case 'tl.full': {
      const shape = shapeArg(L, v('shape'), a.expr('shape'), name, line);
      const dtype = dtypeArg(v('dtype'), `${name}'s dtype`, line);
      const fill = name === 'tl.zeros' ? constOf(0) : (v('value') as CValue);
      const scalar = b.cast(b.toTensor(fill, line, `${name}'s value`), dtype, line);
      if (scalar.type.shape.length !== 0)
        throw compileError(line, `${name}'s value must be a scalar`);
      return b.broadcastTo(scalar, shape, line);
    }
    case 'tl.load':
      return load(L, a, line);
    case 'tl.store':
    case 'tl.atomic_add':
      return storeLike(L, name, a, line);
    case 'tl.where':
      return where(b, v('condition') as CValue, v('x') as CValue, v('y') as CValue, line);
    case 'tl.maximum':
    case 'tl.minimum':
      return minmax(
        b,
        name === 'tl.maximum' ? 'maximum' : 'minimum',
        v('x') as CValue,
        v('y') as CValue,
        line,
      );
    case 'tl.sum':
    case 'tl.max':
    case 'tl.min':
    case 'tl.argmax':
      return reduce(L, name.slice(3) as ReduceKind, a, line);
    case 'tl.cumsum':
      return cumsum(L, a, line);
    case 'tl.dot':
      return dot(L, a, line);
    case 'tl.cdiv': {
      const x = v('x') as CValue;
      const d = v('div') as CValue;
      return binary(b, '//', binary(b, '-', binary(b, '+', x, d, line), constOf(1), line), d, line);
    }
    case 'triton.cdiv':
    case 'float':
    case 'int':
    case 'abs':
    case 'min':
    case 'max':
      return pythonBuiltin(name, [v('x') ?? v('a'), v('y') ?? v('b')], line);
  }
  throw unsupported(line, name);
}

/** Python functions on constexprs. */
function pythonBuiltin(name: string, args: Array<CValue | undefined>, line: number): CValue {
  const nums = args.filter((x): x is CValue => x !== undefined);
  const n = nums.map((x) => {
    if (x.kind === 'string' && name === 'float')
      return Number(
        x.value
          .trim()
          .toLowerCase()
          .replace(/^([+-]?)inf(inity)?$/, '$1Infinity'),
      );
    if (!isScalarConst(x))
      throw compileError(
        line,
        `${name}() takes constexprs here, not ${describe(x)}`,
        x.kind === 'tensor' ? 'Use the tl. function for blocks.' : undefined,
      );
    return Number(x.value);
  });
  const [x = 0, y = 0] = n;
  const anyFloat = nums.some((v) => v.kind === 'float');
  switch (name) {
    case 'float':
      if (Number.isNaN(x) && nums[0]?.kind === 'string' && !/nan/i.test(nums[0].value))
        throw compileError(line, `could not convert string to float: '${nums[0].value}'`);
      return constOf(x, true);
    case 'int':
      return constOf(Math.trunc(x));
    case 'abs':
      return constOf(Math.abs(x), anyFloat);
    case 'min':
      return constOf(Math.min(x, y), anyFloat);
    case 'max':
      return constOf(Math.max(x, y), anyFloat);
    default:
      if (y === 0)
        throw compileError(line, 'ZeroDivisionError: integer division or modulo by zero');
      return constOf(Math.floor((x + y - 1) / y));
  }
}

function pointerArg(v: CValue | undefined, fn: string, line: number): TensorValue {
  if (v?.kind !== 'tensor' || !isPointer(v.type.dtype))
    throw compileError(
      line,
      `${fn}'s pointer must be a tensor argument plus offsets, not ${v ? describe(v) : 'missing'}`,
      'Pass the tensor to the kernel and add offsets to it: x_ptr + offsets.',
    );
  return v;
}

function maskArg(
  L: LowerContext,
  v: CValue | undefined,
  ptr: TensorValue,
  fn: string,
  line: number,
): TensorValue | null {
  if (v === undefined || v.kind === 'none') return null;
  const mask = L.b.toTensor(v, line, `${fn}'s mask`);
  if (mask.type.dtype !== 'int1')
    throw compileError(
      line,
      `Mask must have boolean scalar type, got ${typeName(mask.type)}`,
      'Build the mask with a comparison: offsets < n.',
    );
  if (ptr.type.shape.length === 0 && mask.type.shape.length > 0)
    throw compileError(
      line,
      'Mask argument cannot be block type if pointer argument is not a block',
    );
  return L.b.broadcastTo(mask, ptr.type.shape, line, 'the mask');
}

function load(L: LowerContext, a: Bound, line: number): TensorValue {
  const b = L.b;
  const ptr = pointerArg(a.value('pointer'), 'tl.load', line);
  const elem = pointee(ptr.type.dtype as `ptr<${ElementDtype}>`);
  const mask = maskArg(L, a.value('mask'), ptr, 'tl.load', line);
  const otherValue = a.value('other');
  let other: TensorValue | null = null;
  if (otherValue !== undefined && otherValue.kind !== 'none') {
    if (!mask) throw compileError(line, '`other` cannot be provided without `mask`');
    const o = b.cast(b.toTensor(otherValue, line, "tl.load's other"), elem, line);
    other = b.broadcastTo(o, ptr.type.shape, line, 'other');
  }
  return b.define(
    { dtype: elem, shape: ptr.type.shape },
    { op: 'load', ptr: ptr.id, mask: mask?.id ?? null, other: other?.id ?? null },
    line,
  );
}

function storeLike(L: LowerContext, fn: string, a: Bound, line: number): CValue {
  const b = L.b;
  const ptr = pointerArg(a.value('pointer'), fn, line);
  const elem = pointee(ptr.type.dtype as `ptr<${ElementDtype}>`);
  const raw = b.toTensor(
    a.value(fn === 'tl.store' ? 'value' : 'val') as CValue,
    line,
    `${fn}'s value`,
  );
  if (isPointer(raw.type.dtype)) throw unsupported(line, `Storing pointers with ${fn}`);
  if (ptr.type.shape.length === 0 && raw.type.shape.length > 0)
    throw compileError(
      line,
      'Value argument cannot be block type if pointer argument is not a block',
    );
  const value = b.broadcastTo(b.cast(raw, elem, line), ptr.type.shape, line, 'the value');
  const mask = maskArg(L, a.value('mask'), ptr, fn, line);
  if (fn === 'tl.store') {
    b.emit({ op: 'store', ptr: ptr.id, value: value.id, mask: mask?.id ?? null, line });
    return { kind: 'none' };
  }
  return b.define(
    { dtype: elem, shape: ptr.type.shape },
    { op: 'atomic_add', ptr: ptr.id, value: value.id, mask: mask?.id ?? null },
    line,
  );
}

function blockArg(L: LowerContext, v: CValue | undefined, fn: string, line: number): TensorValue {
  const x = tensorArg(L, v, `${fn}'s input`, line);
  if (isPointer(x.type.dtype)) throw compileError(line, `${fn} of pointers`);
  return x;
}

function reduce(L: LowerContext, kind: ReduceKind, a: Bound, line: number): TensorValue {
  const b = L.b;
  const fn = `tl.${kind}`;
  const x = blockArg(L, a.value('input'), fn, line);
  const rank = x.type.shape.length;
  if (rank === 0) throw compileError(line, `${fn} needs a block, not a scalar`);
  const axis = axisArg(L, a.value('axis'), a.expr('axis'), rank, fn, line);
  const keepDims = boolArg(a.value('keep_dims'), `${fn}'s keep_dims`, line);
  const dtype = x.type.dtype as ScalarDtype;
  let src = x;
  if (kind === 'sum' && dtype === 'int1') src = b.cast(x, 'int32', line);
  if ((kind === 'max' || kind === 'min') && dtype !== 'fp32' && dtype !== 'int32')
    src = b.cast(x, isFloat(dtype) ? 'fp32' : 'int32', line);
  const shape = axis === null ? [] : x.type.shape.filter((_, i) => i !== axis);
  const outDtype = kind === 'argmax' ? 'int32' : src.type.dtype;
  let r = b.define({ dtype: outDtype, shape }, { op: 'reduce', kind, src: src.id, axis }, line);
  if (keepDims) {
    if (axis === null) for (let i = 0; i < rank; i++) r = b.expandDims(r, 0, line);
    else r = b.expandDims(r, axis, line);
  }
  return r;
}

function cumsum(L: LowerContext, a: Bound, line: number): TensorValue {
  const x = blockArg(L, a.value('input'), 'tl.cumsum', line);
  const rank = x.type.shape.length;
  if (rank === 0) throw compileError(line, 'tl.cumsum needs a block, not a scalar');
  const axis = axisArg(
    L,
    a.value('axis') ?? constOf(0),
    a.expr('axis'),
    rank,
    'tl.cumsum',
    line,
  ) as number;
  const src = x.type.dtype === 'int1' ? L.b.cast(x, 'int32', line) : x;
  return L.b.define(src.type, { op: 'cumsum', src: src.id, axis }, line);
}

function dot(L: LowerContext, a: Bound, line: number): TensorValue {
  const b = L.b;
  const x = blockArg(L, a.value('input'), 'tl.dot', line);
  const y = blockArg(L, a.value('other'), 'tl.dot', line);
  if (x.type.shape.length !== 2 || y.type.shape.length !== 2)
    throw unsupported(
      line,
      `tl.dot of blocks of shapes ${formatShape(x.type.shape)} and ${formatShape(y.type.shape)}`,
      'The subset multiplies 2-D blocks.',
    );
  for (const t of [x, y])
    if (!isFloat(t.type.dtype))
      throw unsupported(
        line,
        `tl.dot of ${t.type.dtype} blocks`,
        'The subset multiplies fp16 or fp32 blocks.',
      );
  if (x.type.dtype !== y.type.dtype)
    throw compileError(
      line,
      `First input (${x.type.dtype}) and second input (${y.type.dtype}) must have the same dtype!`,
    );
  const [m, k] = x.type.shape as [number, number];
  const [k2, n] = y.type.shape as [number, number];
  if (k !== k2)
    throw compileError(
      line,
      `tl.dot: first input shape ${formatShape(x.type.shape)} and second input shape ${formatShape(y.type.shape)} are not compatible for matmul (K is ${k} in the first and ${k2} in the second)`,
    );
  if (m < 16 || n < 16 || k < 16)
    throw compileError(
      line,
      `tl.dot: input shapes should have M >= 16, N >= 16 and K >= 16; got M = ${m}, N = ${n}, K = ${k}`,
      'Make each block dimension of a tl.dot at least 16 (mask the extra rows and columns).',
    );
  const outDtype = a.value('out_dtype');
  if (outDtype !== undefined && !(outDtype.kind === 'dtype' && outDtype.dtype === 'fp32'))
    throw unsupported(
      line,
      `tl.dot's out_dtype=${outDtype.kind === 'dtype' ? outDtype.dtype : describe(outDtype)}`,
      'The subset accumulates in fp32.',
    );
  const precisionValue = a.value('input_precision');
  let precision: DotPrecision = 'ieee';
  if (precisionValue !== undefined && precisionValue.kind !== 'none') {
    if (
      precisionValue.kind !== 'string' ||
      (precisionValue.value !== 'ieee' && precisionValue.value !== 'tf32')
    )
      throw unsupported(
        line,
        `tl.dot's input_precision=${precisionValue.kind === 'string' ? `"${precisionValue.value}"` : describe(precisionValue)}`,
        'The subset has "ieee" and "tf32".',
      );
    precision = x.type.dtype === 'fp32' ? precisionValue.value : 'ieee';
  }
  const accValue = a.value('acc');
  let acc: TensorValue;
  if (accValue === undefined || accValue.kind === 'none') {
    acc = b.broadcastTo(b.constant(0, 'fp32', line), [m, n], line);
  } else {
    acc = tensorArg(L, accValue, "tl.dot's acc", line);
    if (acc.type.dtype !== 'fp32')
      throw unsupported(
        line,
        `tl.dot with an ${acc.type.dtype} accumulator`,
        'Accumulate in fp32: acc = tl.zeros((M, N), dtype=tl.float32).',
      );
    if (acc.type.shape.length !== 2 || acc.type.shape[0] !== m || acc.type.shape[1] !== n)
      throw compileError(
        line,
        `tl.dot: the accumulator's shape ${formatShape(acc.type.shape)} is not the product's ${formatShape([m, n])}`,
      );
  }
  return b.define(
    { dtype: 'fp32', shape: [m, n] },
    { op: 'dot', a: x.id, b: y.id, acc: acc.id, precision },
    line,
  );
}
