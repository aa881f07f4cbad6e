/**
 * Builds the IR while a kernel is lowered: allocates typed values, emits ops into the current
 * block (a loop body nests a new one), and applies Triton's implicit rules explicitly, so the IR
 * has none: constexprs become constants of the dtype promotion gives them, operands are cast to
 * their common dtype, and shapes are broadcast (splat a scalar, add leading dimensions, stretch
 * dimensions of size 1), with an error naming both shapes when they do not fit.
 */
import {
  type BlockType,
  type Dtype,
  type ScalarDtype,
  isPointer,
  numel,
  sameShape,
  scalarDtype,
  typeName,
} from './dtype';
import { TritonError, compileError, formatShape } from './errors';
import type { Op, ValueId } from './ir';
import { roundHalf } from './half';
import { MAX_BLOCK_ELEMENTS } from './limits';
import { type CValue, type TensorValue, describe } from './values';

/** Distributes Omit over a union of op shapes. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An op before its output value is allocated. */
export type OpWithoutOut = DistributiveOmit<Extract<Op, { out: ValueId }>, 'out' | 'line'>;

/** Allocates values and emits ops. */
export class Builder {
  readonly types: BlockType[] = [];
  private readonly blocks: Op[][] = [[]];

  /** The ops of the kernel's top level. */
  get body(): Op[] {
    return this.blocks[0] as Op[];
  }

  /** A fresh value of `type`; refuses blocks over Triton's limit. */
  value(type: BlockType, line: number): TensorValue {
    const n = numel(type.shape);
    if (n > MAX_BLOCK_ELEMENTS)
      throw new TritonError(
        'budget',
        line,
        `the block ${formatShape(type.shape)} has ${n} elements, over Triton's maximum of ${MAX_BLOCK_ELEMENTS} elements in a block`,
      );
    this.types.push(type);
    return { kind: 'tensor', id: this.types.length - 1, type };
  }

  /** Appends an op to the current block. */
  emit(op: Op): void {
    (this.blocks.at(-1) as Op[]).push(op);
  }

  /** Emits an op that defines a new value of `type`, and returns the value. */
  define(type: BlockType, op: OpWithoutOut, line: number): TensorValue {
    const out = this.value(type, line);
    this.emit({ ...op, out: out.id, line } as unknown as Op);
    return { ...out };
  }

  /** Starts a nested block (a loop body); `popBlock` ends it and returns its ops. */
  pushBlock(): void {
    this.blocks.push([]);
  }

  popBlock(): Op[] {
    return this.blocks.pop() as Op[];
  }

  /** A scalar constant. */
  constant(value: number, dtype: ScalarDtype, line: number): TensorValue {
    return this.define({ dtype, shape: [] }, { op: 'const', value: normalize(value, dtype) }, line);
  }

  /** A compile-time value as a runtime one (Triton's to_tensor), or an error saying what it is. */
  toTensor(v: CValue, line: number, what = 'this'): TensorValue {
    if (v.kind === 'tensor') return v;
    if (v.kind === 'int' || v.kind === 'float' || v.kind === 'bool')
      return this.constant(Number(v.value), scalarDtype(v.kind, v.value, line), line);
    throw compileError(line, `${what} must be a number or a block, not ${describe(v)}`);
  }

  /** `v` converted to `dtype` (no op when it already is). */
  cast(v: TensorValue, dtype: Dtype, line: number): TensorValue {
    if (v.type.dtype === dtype) return v;
    return this.define({ dtype, shape: v.type.shape }, { op: 'cast', src: v.id }, line);
  }

  /** A size-1 dimension inserted at `axis`. */
  expandDims(v: TensorValue, axis: number, line: number): TensorValue {
    const shape = [...v.type.shape];
    shape.splice(axis, 0, 1);
    return this.define(
      { dtype: v.type.dtype, shape },
      { op: 'expand_dims', src: v.id, axis },
      line,
    );
  }

  /** `v` broadcast to `shape`; `context` names what is broadcast, for the error. */
  broadcastTo(
    v: TensorValue,
    shape: readonly number[],
    line: number,
    context?: string,
  ): TensorValue {
    const from = v.type.shape;
    if (sameShape(from, shape)) return v;
    const fail = () =>
      compileError(
        line,
        context
          ? `cannot broadcast ${context} of shape ${formatShape(from)} to shape ${formatShape(shape)}`
          : `cannot broadcast shape ${formatShape(from)} to shape ${formatShape(shape)}`,
      );
    if (from.length > shape.length) throw fail();
    if (from.length === 0)
      return this.define({ dtype: v.type.dtype, shape }, { op: 'splat', src: v.id }, line);
    let x = v;
    while (x.type.shape.length < shape.length) x = this.expandDims(x, 0, line);
    const aligned = x.type.shape;
    if (aligned.some((d, i) => d !== shape[i] && d !== 1)) throw fail();
    if (sameShape(aligned, shape)) return x;
    return this.define({ dtype: v.type.dtype, shape }, { op: 'broadcast', src: x.id }, line);
  }

  /** Broadcasts several values to their common shape. */
  broadcastAll(values: TensorValue[], line: number): TensorValue[] {
    let shape: readonly number[] = [];
    for (const v of values) shape = broadcastShapes(shape, v.type.shape, line);
    return values.map((v) => this.broadcastTo(v, shape, line));
  }
}

/** The common shape of two shapes under NumPy's (and Triton's) rules, or an error naming both. */
export function broadcastShapes(
  a: readonly number[],
  b: readonly number[],
  line: number,
): number[] {
  const rank = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < rank; i++) {
    const x = a[a.length - rank + i] ?? 1;
    const y = b[b.length - rank + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1)
      throw compileError(
        line,
        `cannot broadcast shapes ${formatShape(a)} and ${formatShape(b)}: dimension ${i} is ${x} in one and ${y} in the other`,
        'Give one block a dimension of size 1 there (x[:, None] or x[None, :]), or make the sizes agree.',
      );
    out.push(x === 1 ? y : x);
  }
  return out;
}

/** A constant's value as its dtype holds it. */
function normalize(value: number, dtype: ScalarDtype): number {
  if (dtype === 'int1') return value ? 1 : 0;
  if (dtype === 'int32') return value | 0;
  if (dtype === 'fp32') return Math.fround(value);
  return roundHalf(value);
}

/** Is this value a block (or scalar) of pointers? */
export function isPointerValue(v: CValue): v is TensorValue {
  return v.kind === 'tensor' && isPointer(v.type.dtype);
}

/** The message for a type a construct cannot take, naming both. */
export function wrongType(line: number, what: string, v: TensorValue): TritonError {
  return compileError(line, `${what}, not ${typeName(v.type)}`);
}
