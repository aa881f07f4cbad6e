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
  body: Op[];
}

/** The kernel as text, one op per line (for tests, docs and debugging). */
export function printKernel(ir: KernelIR): string {
  const v = (id: ValueId) => `%${id}`;
  const t = (id: ValueId) => typeName(ir.types[id] as BlockType);
  const params = ir.params.map((p, i) => `${p.name}: ${typeName(p.type)} = param ${i}`);
  const constexprs = Object.entries(ir.constexprs).map(([k, x]) => `${k}=${String(x)}`);
  const lines = [
    `kernel ${ir.name}(${params.join(', ')})${constexprs.length ? ` [${constexprs.join(', ')}]` : ''}`,
  ];
  const walk = (ops: Op[], indent: string): void => {
    for (const op of ops) {
      if (op.op === 'for') {
        const carried = op.carried.map((c, i) => `${v(c)} = ${v(op.inits[i] as ValueId)}`);
        lines.push(
          `${indent}${op.results.map(v).join(', ')}${op.results.length ? ' = ' : ''}for ${v(op.iv)} in range(${v(op.start)}, ${v(op.stop)}, ${v(op.step)}) carry(${carried.join(', ')}) {`,
        );
        walk(op.body, `${indent}  `);
        lines.push(`${indent}  yield ${op.yields.map(v).join(', ')}`);
        lines.push(`${indent}}`);
        continue;
      }
      const { line, op: name, ...rest } = op;
      const out = 'out' in rest ? rest.out : null;
      const args = Object.entries(rest)
        .filter(([k]) => k !== 'out')
        .map(([k, x]) =>
          k === 'kind' || k === 'precision'
            ? String(x)
            : `${k}=${x === null ? 'none' : k === 'value' && name === 'const' ? String(x) : typeof x === 'number' && k !== 'axis' && k !== 'index' && k !== 'start' ? v(x) : String(x)}`,
        );
      const lhs = out === null ? '' : `${v(out)} = `;
      const type = out === null ? '' : ` : ${t(out)}`;
      lines.push(`${indent}${lhs}${name} ${args.join(' ')}${type}  # line ${line}`);
    }
  };
  walk(ir.body, '  ');
  return lines.join('\n');
}
