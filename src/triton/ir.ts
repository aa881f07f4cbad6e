/**
 * The intermediate form a kernel is lowered to, once per launch signature: what the interpreter
 * runs and what a WGSL back end will compile. It is small, typed and explicit:
 *
 * - **Values** are numbered (`%id`); `KernelIR.types[id]` is each one's dtype and block shape,
 *   all known statically (a scalar has shape `[]`). Every block dimension is a power of two and a
 *   block has at most 2^20 elements, as in Triton.
 * - **Constexprs are gone**: `tl.constexpr` parameters, literals and everything computed from them
 *   were folded while lowering (`KernelIR.constexprs` records the values used). What is left is
 *   runtime work only: the kernel's runtime parameters (`param`), `program_id`, `num_programs`,
 *   loads, arithmetic.
 * - **Nothing is implicit**: Triton's broadcasting and dtype promotion have been applied, so
 *   every `binary`, `compare` and `where` sees operands of one shape and one dtype (`splat`,
 *   `expand_dims`, `broadcast` and `cast` ops were inserted where Triton inserts them); `load`,
 *   `store` and `atomic_add` get a mask and values already of the pointer's shape and element
 *   dtype. A back end never needs the promotion rules.
 * - **Loops are structured**: `for` holds its body, the values carried from one iteration to the
 *   next (`carried`, bound to `inits` on entry and to `yields` after each iteration; their types
 *   never change) and the `results` the loop leaves. `tl.static_range` loops were unrolled.
 * - **Pointers** are element offsets into one tensor parameter each, known statically
 *   (`KernelIR.bases`), so every load and store reads or writes one buffer.
 * - **Lines**: every op keeps its source line, for error messages.
 *
 * Blocks are laid out row-major (the last dimension varies fastest).
 */
import { type BlockType, typeName } from './dtype';

/** A value's number. */
export type ValueId = number;

/** Element-wise binary operations (same dtype in and out). */
export type BinaryKind =
  | 'add'
  | 'sub'
  | 'mul'
  /** Float division (operands are fp32). */
  | 'div'
  /** Integer division rounding toward zero, as C (and Triton) do. */
  | 'floordiv'
  /** Remainder with the sign of the dividend (C's %, fmod for floats). */
  | 'mod'
  | 'and'
  | 'or'
  | 'xor'
  | 'shl'
  | 'shr'
  | 'maximum'
  | 'minimum';

/** Comparisons (the result is int1). */
export type CompareKind = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

/** Element-wise unary operations (same dtype in and out). */
export type UnaryKind =
  | 'neg'
  /** Bitwise not (`~`); logical not for int1. */
  | 'not'
  | 'exp'
  | 'exp2'
  | 'log'
  | 'sqrt'
  | 'rsqrt'
  | 'abs'
  | 'sigmoid';

/** Reductions along an axis (or over the whole block when `axis` is null). */
export type ReduceKind = 'sum' | 'max' | 'min' | 'argmax';

/** How `tl.dot` multiplies fp32 inputs: exactly (`ieee`) or rounded to tf32 first. */
export type DotPrecision = 'ieee' | 'tf32';

/** One operation. `out` is the value it defines; its type is `KernelIR.types[out]`. */
export type Op = { line: number } &
  /** A scalar constant (its dtype is the out type's). */
  (
    | { op: 'const'; out: ValueId; value: number }
    /** The kernel's runtime parameter number `index` (a pointer or a scalar). */
    | { op: 'param'; out: ValueId; index: number }
    | { op: 'program_id'; out: ValueId; axis: 0 | 1 | 2 }
    | { op: 'num_programs'; out: ValueId; axis: 0 | 1 | 2 }
    /** `start, start + 1, ...` over the out type's single dimension (int32). */
    | { op: 'arange'; out: ValueId; start: number }
    /** A scalar repeated over the out type's shape. */
    | { op: 'splat'; out: ValueId; src: ValueId }
    /** A new dimension of size 1 at `axis` (`x[:, None]` is axis 1). */
    | { op: 'expand_dims'; out: ValueId; src: ValueId; axis: number }
    /** Same rank; each dimension of size 1 in src stretched to the out type's. */
    | { op: 'broadcast'; out: ValueId; src: ValueId }
    /** Conversion to the out type's dtype. */
    | { op: 'cast'; out: ValueId; src: ValueId }
    | { op: 'binary'; kind: BinaryKind; out: ValueId; lhs: ValueId; rhs: ValueId }
    | { op: 'compare'; kind: CompareKind; out: ValueId; lhs: ValueId; rhs: ValueId }
    | { op: 'unary'; kind: UnaryKind; out: ValueId; src: ValueId }
    | { op: 'where'; out: ValueId; cond: ValueId; lhs: ValueId; rhs: ValueId }
    /** Pointer plus int32 element offsets (same shape). */
    | { op: 'addptr'; out: ValueId; ptr: ValueId; offset: ValueId }
    /** Masked-off lanes read `other`, or 0 without it. */
    | { op: 'load'; out: ValueId; ptr: ValueId; mask: ValueId | null; other: ValueId | null }
    | { op: 'store'; ptr: ValueId; value: ValueId; mask: ValueId | null }
    /** Adds `value` at each pointer, lane by lane in row-major order; out is the old values. */
    | { op: 'atomic_add'; out: ValueId; ptr: ValueId; value: ValueId; mask: ValueId | null }
    | { op: 'reduce'; kind: ReduceKind; out: ValueId; src: ValueId; axis: number | null }
    /** Inclusive prefix sum along `axis`. */
    | { op: 'cumsum'; out: ValueId; src: ValueId; axis: number }
    /** `a @ b + acc` with products summed in fp32, k in order (a [M, K], b [K, N], acc [M, N]). */
    | { op: 'dot'; out: ValueId; a: ValueId; b: ValueId; acc: ValueId; precision: DotPrecision }
    /** `for iv in range(start, stop, step)`, int32 bounds; see the file's comment. */
    | {
        op: 'for';
        iv: ValueId;
        start: ValueId;
        stop: ValueId;
        step: ValueId;
        carried: ValueId[];
        inits: ValueId[];
        body: Op[];
        yields: ValueId[];
        results: ValueId[];
      }
  );

/** A runtime parameter of the kernel. */
export interface IRParam {
  name: string;
  /** Position among the Python function's parameters (constexprs included). */
  position: number;
  /** A scalar type: `ptr<...>` for a tensor, int32 or fp32 for a number. */
  type: BlockType;
}

/** A value a constexpr parameter was given. */
export type ConstexprValue = number | boolean;

/** A kernel lowered for one signature. */
export interface KernelIR {
  name: string;
  /** The runtime parameters, in order; `param` ops refer to them by index. */
  params: IRParam[];
  /** The constexpr parameters and the values this lowering used. */
  constexprs: Readonly<Record<string, ConstexprValue>>;
  /** Type of every value, by id. */
  types: BlockType[];
  /** For every pointer value, the index (into `params`) of the tensor it points into; -1 for
   * other values. Known statically: a pointer never moves from one tensor to another. */
  bases: number[];
  body: Op[];
}

/** One op's right-hand side, e.g. `add %3, %4` or `load %9, mask %7, other %8`. */
function describeOp(op: Exclude<Op, { op: 'for' }>): string {
  const v = (id: ValueId) => `%${id}`;
  const opt = (label: string, id: ValueId | null) => (id === null ? '' : `, ${label} ${v(id)}`);
  switch (op.op) {
    case 'const':
      return `const ${op.value}`;
    case 'param':
      return `param ${op.index}`;
    case 'program_id':
    case 'num_programs':
      return `${op.op} ${op.axis}`;
    case 'arange':
      return `arange ${op.start}`;
    case 'splat':
    case 'broadcast':
    case 'cast':
      return `${op.op} ${v(op.src)}`;
    case 'expand_dims':
      return `expand_dims ${v(op.src)}, axis ${op.axis}`;
    case 'binary':
    case 'compare':
      return `${op.kind} ${v(op.lhs)}, ${v(op.rhs)}`;
    case 'unary':
      return `${op.kind} ${v(op.src)}`;
    case 'where':
      return `where ${v(op.cond)}, ${v(op.lhs)}, ${v(op.rhs)}`;
    case 'addptr':
      return `addptr ${v(op.ptr)}, ${v(op.offset)}`;
    case 'load':
      return `load ${v(op.ptr)}${opt('mask', op.mask)}${opt('other', op.other)}`;
    case 'store':
      return `store ${v(op.ptr)}, ${v(op.value)}${opt('mask', op.mask)}`;
    case 'atomic_add':
      return `atomic_add ${v(op.ptr)}, ${v(op.value)}${opt('mask', op.mask)}`;
    case 'reduce':
      return `reduce ${op.kind} ${v(op.src)}${op.axis === null ? '' : `, axis ${op.axis}`}`;
    case 'cumsum':
      return `cumsum ${v(op.src)}, axis ${op.axis}`;
    case 'dot':
      return `dot ${v(op.a)}, ${v(op.b)}, ${v(op.acc)}${op.precision === 'tf32' ? ', tf32' : ''}`;
  }
}

/** The kernel as text, one op per line with its type and source line (for tests, docs, debugging). */
export function printKernel(ir: KernelIR): string {
  const v = (id: ValueId) => `%${id}`;
  const t = (id: ValueId) => typeName(ir.types[id] as BlockType);
  const params = ir.params.map((p) => `${p.name}: ${typeName(p.type)}`);
  const constexprs = Object.entries(ir.constexprs).map(([k, x]) => `${k}=${String(x)}`);
  const lines = [
    `kernel ${ir.name}(${params.join(', ')})${constexprs.length ? ` constexprs(${constexprs.join(', ')})` : ''}`,
  ];
  const walk = (ops: readonly Op[], indent: string): void => {
    for (const op of ops) {
      if (op.op === 'for') {
        const carried = op.carried.map((c, i) => `${v(c)} = ${v(op.inits[i] as ValueId)}`);
        const results = op.results.length ? `${op.results.map(v).join(', ')} = ` : '';
        lines.push(
          `${indent}${results}for ${v(op.iv)} in range(${v(op.start)}, ${v(op.stop)}, ${v(op.step)}) carry(${carried.join(', ')}) {  # line ${op.line}`,
        );
        walk(op.body, `${indent}  `);
        lines.push(`${indent}  yield ${op.yields.map(v).join(', ')}`, `${indent}}`);
        continue;
      }
      const lhs = 'out' in op ? `${v(op.out)} = ` : '';
      const type = 'out' in op ? ` : ${t(op.out)}` : '';
      lines.push(`${indent}${lhs}${describeOp(op)}${type}  # line ${op.line}`);
    }
  };
  walk(ir.body, '  ');
  return lines.join('\n');
}
