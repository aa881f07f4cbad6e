/**
 * Arithmetic, comparisons, `tl.where`, `tl.maximum`/`tl.minimum`, the math functions and casts,
 * on lowering-time values: two constexprs fold (Python semantics); otherwise operands get their
 * common dtype (Triton's promotion, src/triton/dtype.ts) and common shape (broadcasting), and
 * one IR op is emitted. Pointer arithmetic is `pointer ± int`.
 */
import type { BinaryOp, CompareOp } from './ast';
import { Builder, isPointerValue } from './builder';
import {
  type Kind,
  type ScalarDtype,
  divisionDtype,
  isFloat,
  isPointer,
  kindOf,
  promoteBlocks,
  promoteWithScalar,
  scalarDtype,
  typeName,
} from './dtype';
import { compileError, unsupported } from './errors';
import { foldBinary, foldCompare, foldUnary } from './fold';
import type { BinaryKind, CompareKind, UnaryKind } from './ir';
import { type CValue, type ScalarConst, type TensorValue, describe, isScalarConst } from './values';

const BINARY: Readonly<Partial<Record<BinaryOp, BinaryKind>>> = {
  '+': 'add',
  '-': 'sub',
  '*': 'mul',
  '/': 'div',
  '//': 'floordiv',
  '%': 'mod',
  '&': 'and',
  '|': 'or',
  '^': 'xor',
  '<<': 'shl',
  '>>': 'shr',
};

const COMPARE: Readonly<Partial<Record<CompareOp, CompareKind>>> = {
  '==': 'eq',
  '!=': 'ne',
  '<': 'lt',
  '<=': 'le',
  '>': 'gt',
  '>=': 'ge',
};

/** A number operand: a runtime value or a constexpr. */
type Operand = TensorValue | ScalarConst;

function asOperand(v: CValue, line: number, what: string): Operand {
  if (v.kind === 'tensor' || isScalarConst(v)) return v;
  throw compileError(line, `${what} needs numbers or blocks, not ${describe(v)}`);
}

function scalarKind(v: ScalarConst): Kind {
  return v.kind;
}

/** The dtype two operands are computed in (before an operator's own rule). */
function commonDtype(a: Operand, b: Operand, line: number): ScalarDtype {
  if (a.kind === 'tensor' && b.kind === 'tensor')
    return promoteBlocks(a.type.dtype as ScalarDtype, b.type.dtype as ScalarDtype);
  if (a.kind === 'tensor')
    return promoteWithScalar(
      a.type.dtype as ScalarDtype,
      scalarKind(b as ScalarConst),
      (b as ScalarConst).value,
      line,
    );
  if (b.kind === 'tensor')
    return promoteWithScalar(b.type.dtype as ScalarDtype, scalarKind(a), a.value, line);
  throw new Error('commonDtype needs a block');
}

/** The common dtype, two constexprs included (each as the dtype it would become). */
function operandsDtype(x: Operand, y: Operand, line: number): ScalarDtype {
  if (isScalarConst(x) && isScalarConst(y))
    return promoteBlocks(scalarDtype(x.kind, x.value, line), scalarDtype(y.kind, y.value, line));
  return commonDtype(x, y, line);
}

/** Both operands as blocks of `dtype` and their common shape. */
function prepare(
  b: Builder,
  x: Operand,
  y: Operand,
  dtype: ScalarDtype,
  line: number,
): [TensorValue, TensorValue] {
  const lhs = b.cast(b.toTensor(x, line), dtype, line);
  const rhs = b.cast(b.toTensor(y, line), dtype, line);
  const [l, r] = b.broadcastAll([lhs, rhs], line) as [TensorValue, TensorValue];
  return [l, r];
}

function dtypeLabel(v: Operand): string {
  if (v.kind === 'tensor') return typeName(v.type);
  return v.kind;
}

/** `x op y`. */
export function binary(b: Builder, op: BinaryOp, xv: CValue, yv: CValue, line: number): CValue {
  const x = asOperand(xv, line, `The operator ${op}`);
  const y = asOperand(yv, line, `The operator ${op}`);
  if (isScalarConst(x) && isScalarConst(y)) return foldBinary(op, x, y, line);
  if (isPointerValue(x) || isPointerValue(y)) return pointerArith(b, op, x, y, line);
  if (op === '**')
    throw unsupported(
      line,
      'The ** operator on a block',
      'Multiply it out (x * x), or use tl.exp2 and tl.log.',
    );
  if (op === '@') throw unsupported(line, 'The @ operator', 'Multiply blocks with tl.dot(a, b).');
  const kind = BINARY[op] as BinaryKind;
  let dtype = commonDtype(x, y, line);
  const anyFloatScalar =
    (isScalarConst(x) && x.kind === 'float') || (isScalarConst(y) && y.kind === 'float');
  switch (kind) {
    case 'div':
      dtype = 'fp32';
      break;
    case 'mod':
      dtype = anyFloatScalar ? 'fp32' : divisionDtype(dtype, dtype);
      if (dtype === 'int1') dtype = 'int32';
      break;
    case 'floordiv':
      if (isFloat(dtype))
        throw compileError(
          line,
          `floor division // needs integers, not ${dtype} (Triton raises "unexpected type ${dtype}")`,
          'Divide with / and take tl.floor... or keep the operands int32.',
        );
      if (dtype === 'int1') dtype = 'int32';
      break;
    case 'and':
    case 'or':
    case 'xor':
    case 'shl':
    case 'shr':
      if (isFloat(dtype))
        throw compileError(
          line,
          `invalid operands of type ${dtypeLabel(x)} and ${dtypeLabel(y)} for ${op}`,
        );
      if ((kind === 'shl' || kind === 'shr') && dtype === 'int1') dtype = 'int32';
      break;
    default:
      if (dtype === 'int1') dtype = 'int32';
  }
  const [l, r] = prepare(b, x, y, dtype, line);
  return b.define(l.type, { op: 'binary', kind, lhs: l.id, rhs: r.id }, line);
}

function pointerArith(b: Builder, op: BinaryOp, x: Operand, y: Operand, line: number): TensorValue {
  const xp = isPointerValue(x);
  const yp = isPointerValue(y);
  const ptr = (xp ? x : y) as TensorValue;
  const offset = xp ? y : x;
  const bad = () =>
    compileError(
      line,
      `unsupported operand types for ${op}: ${dtypeLabel(x)} and ${dtypeLabel(y)}`,
    );
  if ((xp && yp) || !(op === '+' || (op === '-' && xp))) throw bad();
  const off = b.toTensor(offset, line);
  if (isFloat(off.type.dtype) || isPointer(off.type.dtype)) throw bad();
  let o = b.cast(off, 'int32', line);
  if (op === '-') o = b.define(o.type, { op: 'unary', kind: 'neg', src: o.id }, line);
  const [p, q] = b.broadcastAll([ptr, o], line) as [TensorValue, TensorValue];
  return b.define(p.type, { op: 'addptr', ptr: p.id, offset: q.id }, line);
}

/** `x op y` for a comparison. */
export function compare(b: Builder, op: CompareOp, xv: CValue, yv: CValue, line: number): CValue {
  if ((op === 'is' || op === 'is not') && (xv.kind === 'none' || yv.kind === 'none')) {
    const same = xv.kind === yv.kind;
    return { kind: 'bool', value: op === 'is' ? same : !same };
  }
  const x = asOperand(xv, line, `The comparison ${op}`);
  const y = asOperand(yv, line, `The comparison ${op}`);
  if (isScalarConst(x) && isScalarConst(y)) return foldCompare(op, x, y, line);
  const kind = COMPARE[op];
  if (!kind) throw unsupported(line, `The "${op}" operator on a block`);
  if (isPointerValue(x) || isPointerValue(y))
    throw unsupported(line, 'Comparing pointers', 'Compare the offsets instead.');
  const [l, r] = prepare(b, x, y, commonDtype(x, y, line), line);
  return b.define(
    { dtype: 'int1', shape: l.type.shape },
    { op: 'compare', kind, lhs: l.id, rhs: r.id },
    line,
  );
}

/** `-x`, `+x`, `~x`, `not x`. */
export function unary(b: Builder, op: '-' | '+' | '~' | 'not', xv: CValue, line: number): CValue {
  const x = asOperand(xv, line, `The unary ${op}`);
  if (isScalarConst(x)) return foldUnary(op, x, line);
  if (isPointer(x.type.dtype))
    throw compileError(line, `bad operand type for unary ${op}: ${typeName(x.type)}`);
  if (op === '+') return x;
  if (op === 'not') throw unsupported(line, '"not" on a block', 'Use ~mask for a mask, or x == 0.');
  if (op === '~') {
    if (isFloat(x.type.dtype))
      throw compileError(line, `bad operand type for unary ~: ${typeName(x.type)}`);
    return b.define(x.type, { op: 'unary', kind: 'not', src: x.id }, line);
  }
  const v = x.type.dtype === 'int1' ? b.cast(x, 'int32', line) : x;
  return b.define(v.type, { op: 'unary', kind: 'neg', src: v.id }, line);
}

/** `tl.maximum` / `tl.minimum`. */
export function minmax(
  b: Builder,
  kind: 'maximum' | 'minimum',
  xv: CValue,
  yv: CValue,
  line: number,
): TensorValue {
  const x = asOperand(xv, line, `tl.${kind}`);
  const y = asOperand(yv, line, `tl.${kind}`);
  const dtype = operandsDtype(x, y, line);
  if (isPointer(dtype)) throw unsupported(line, `tl.${kind} of pointers`);
  const [l, r] = prepare(b, x, y, dtype, line);
  return b.define(l.type, { op: 'binary', kind, lhs: l.id, rhs: r.id }, line);
}

/** `tl.where(cond, x, y)`. */
export function where(
  b: Builder,
  condv: CValue,
  xv: CValue,
  yv: CValue,
  line: number,
): TensorValue {
  const cond = b.cast(b.toTensor(condv, line, "tl.where's condition"), 'int1', line);
  const x = asOperand(xv, line, 'tl.where');
  const y = asOperand(yv, line, 'tl.where');
  let l: TensorValue;
  let r: TensorValue;
  if (isPointerValue(x) || isPointerValue(y)) {
    if (!(isPointerValue(x) && isPointerValue(y) && x.type.dtype === y.type.dtype))
      throw compileError(
        line,
        `tl.where cannot choose between ${dtypeLabel(x)} and ${dtypeLabel(y)}`,
      );
    [l, r] = [x, y];
  } else {
    [l, r] = prepare(b, x, y, operandsDtype(x, y, line), line);
  }
  const [c, l2, r2] = b.broadcastAll([cond, l, r], line) as [TensorValue, TensorValue, TensorValue];
  return b.define(l2.type, { op: 'where', cond: c.id, lhs: l2.id, rhs: r2.id }, line);
}

/** The math functions Triton only takes in fp32 (libdevice's convention). */
const FP32_ONLY = new Set<UnaryKind>(['exp', 'exp2', 'log', 'sqrt', 'rsqrt', 'sigmoid']);

/** `tl.exp(x)` and its kin. */
export function mathFn(b: Builder, kind: UnaryKind, xv: CValue, line: number): TensorValue {
  const x = b.toTensor(asOperand(xv, line, `tl.${kind}`), line);
  const dtype = x.type.dtype;
  if (isPointer(dtype)) throw compileError(line, `tl.${kind} of a pointer (${typeName(x.type)})`);
  if (FP32_ONLY.has(kind) && dtype !== 'fp32')
    throw compileError(
      line,
      `tl.${kind}: Expected dtype ['fp32', 'fp64'] but got ${dtype}`,
      dtype === 'fp16' ? `Convert first: tl.${kind}(x.to(tl.float32)).` : undefined,
    );
  return b.define(x.type, { op: 'unary', kind, src: x.id }, line);
}

/** `x.to(dtype)`. */
export function castTo(b: Builder, xv: CValue, dtype: ScalarDtype, line: number): TensorValue {
  const x = b.toTensor(asOperand(xv, line, '.to()'), line);
  if (isPointer(x.type.dtype)) throw unsupported(line, 'Casting a pointer');
  return b.cast(x, dtype, line);
}

export { kindOf };
