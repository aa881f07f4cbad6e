/**
 * The WGSL back end: a `KernelIR` compiled to one compute shader. Pure code generation (no
 * WebGPU calls); `src/gpu/triton-runner.ts` runs the result on a device.
 *
 * - **Programs and invocations.** One program instance per workgroup (`workgroup_id` is the
 *   program id, the grid is the dispatch). A block of N elements is spread over the workgroup's W
 *   invocations: invocation `lid` owns elements `lid, lid + W, lid + 2W, ...`, held in a private
 *   array of `ceil(N / W)` entries. Scalars are computed by every invocation alike (uniform).
 * - **Index values stay lazy.** `arange`, `splat` and what is computed from them alone (offsets,
 *   masks, pointers before a loop carries them) are never stored: each use recomputes the element
 *   it needs from its flat index, so broadcasting them costs nothing.
 * - **Values that move between invocations** (a broadcast of a stored block, `reduce`, `cumsum`,
 *   `dot`) go through workgroup memory between barriers. Whole-block reductions combine each
 *   invocation's share, then a tree over the workgroup; axis reductions and `cumsum` combine in
 *   index order, as the interpreter does. `dot` stages both operands as fp32 tiles and
 *   accumulates in fp32.
 * - **fp16 is emulated**: an fp16 tensor is stored as f32 on the device (the runner converts) and
 *   every fp16 result is rounded to fp16 through `pack2x16float`; no `shader-f16` is needed.
 * - **Errors** cannot be thrown on a GPU: the first out-of-bounds access, integer division by
 *   zero, zero loop step or loop over budget is written to a status buffer (code, site, program,
 *   offset, lane) and the runner rebuilds the interpreter's message from it (`describeStatus`).
 *   An out-of-bounds access is skipped (a load reads 0); a loop error ends the program.
 */
import { type BlockType, type Dtype, isPointer, numel, pointee } from '../dtype';
import type { KernelIR, Op, ValueId } from '../ir';
import { TritonError } from '../errors';
import {
  DEFAULT_WGSL_LIMITS,
  STATUS_WORDS,
  type CompileOptions,
  type CompiledWgsl,
  type StatusSite,
  type WgslBinding,
  type WgslLimits,
} from './abi';
import { dotLoopLines } from './dot';
import { constLiteral, fromBits, toBits, wgslType } from './literals';
import { accessHelpers, prelude } from './prelude';
import { broadcastIndex, coord, log2, reductionBase, stridesOf } from './shape';

type Storage =
  { kind: 'scalar'; name: string } | { kind: 'private'; name: string } | { kind: 'lazy' };

const LAZY_MAX_CHARS = 600;

function refuse(message: string, hint?: string): TritonError {
  return new TritonError('launch', null, message, hint);
}

/** Compiles a kernel's IR for one grid. */
export function compileToWgsl(ir: KernelIR, options: CompileOptions): CompiledWgsl {
  const limits = { ...DEFAULT_WGSL_LIMITS, ...options.limits };
  return new Generator(ir, options, limits).compile();
}

class Generator {
  private readonly lines: string[] = [];
  private indent = 1;
  private readonly storage = new Map<ValueId, Storage>();
  private readonly defs = new Map<ValueId, Op>();
  private readonly sites: StatusSite[] = [];
  private scratchWords = 0;
  private tileA = 0;
  private tileB = 0;
  private readonly atomicParams = new Set<number>();
  private readonly W: number;
  private tmp = 0;

  constructor(
    private readonly ir: KernelIR,
    private readonly options: CompileOptions,
    private readonly limits: WgslLimits,
  ) {
    let largest = 1;
    const walk = (ops: readonly Op[]) => {
      for (const op of ops) {
        if (op.op === 'for') {
          walk(op.body);
          continue;
        }
        if ('out' in op) this.defs.set(op.out, op);
        if (op.op === 'atomic_add') this.atomicParams.add(ir.bases[op.ptr] as number);
      }
    };
    walk(ir.body);
    for (const t of ir.types) if (t) largest = Math.max(largest, numel(t.shape));
    const max = limits.maxComputeInvocationsPerWorkgroup;
    const w = options.workgroupSize ?? Math.min(largest, 2 ** Math.floor(Math.log2(max)), 256);
    if (!Number.isInteger(w) || w < 1 || 2 ** log2(w) !== w)
      throw refuse(`the workgroup size must be a power of two; got ${w}`);
    if (w > max)
      throw refuse(
        `a workgroup of ${w} invocations is over this device's maxComputeInvocationsPerWorkgroup of ${max}`,
      );
    this.W = Math.max(w, 1);
  }

  private type(id: ValueId): BlockType {
    return this.ir.types[id] as BlockType;
  }

  private isScalar(id: ValueId): boolean {
    return this.type(id).shape.length === 0;
  }

  private emit(text: string): void {
    this.lines.push(`${'  '.repeat(this.indent)}${text}`);
  }

  private fresh(prefix: string): string {
    return `${prefix}${this.tmp++}`;
  }

  // ---------------------------------------------------------------- element access

  /** Element `idx` (a u32 expression) of a lazy or scalar value. */
  private lazyAt(id: ValueId, idx: string): string {
    const s = this.storage.get(id);
    if (!s) throw new Error(`value %${id} used before it is defined`);
    if (s.kind === 'scalar') return s.name;
    if (s.kind === 'private') throw new Error(`value %${id} is stored; it has no lazy form`);
    const op = this.defs.get(id) as Op;
    const out = this.type(id);
    switch (op.op) {
      case 'arange':
        return op.start === 0
          ? `i32(${idx})`
          : `(i32(${idx}) + ${constLiteral('int32', op.start)})`;
      case 'splat':
        return this.lazyAt(op.src, '0u');
      case 'expand_dims':
        return this.lazyAt(op.src, idx);
      case 'broadcast':
        return this.lazyAt(op.src, broadcastIndex(idx, out.shape, this.type(op.src).shape));
      default:
        return this.elementExpr(op, (v) => this.lazyAt(v, idx));
    }
  }

  /** Element `e` (loop index `j`) of any value inside an element loop. */
  private own(id: ValueId): string {
    const s = this.storage.get(id);
    if (!s) throw new Error(`value %${id} used before it is defined`);
    if (s.kind === 'scalar') return s.name;
    if (s.kind === 'private') return `${s.name}[j]`;
    return this.lazyAt(id, 'e');
  }

  private slots(id: ValueId): number {
    return Math.ceil(numel(this.type(id).shape) / this.W);
  }

  /** Opens a loop over the elements this invocation owns of a block of `n` elements. */
  private openElements(n: number): void {
    const slots = Math.ceil(n / this.W);
    this.emit(`for (var j = 0u; j < ${slots}u; j++) {`);
    this.indent++;
    this.emit(`let e = lid + j * ${this.W}u;`);
    if (n < this.W) {
      this.emit(`if (e < ${n}u) {`);
      this.indent++;
    }
  }

  private closeElements(n: number): void {
    if (n < this.W) {
      this.indent--;
      this.emit('}');
    }
    this.indent--;
    this.emit('}');
  }

  /** Declares a private array for `id` and fills it with `value(...)` per owned element. */
  private materialize(id: ValueId, body: (set: (x: string) => void) => void): void {
    const name = `v${id}`;
    const n = numel(this.type(id).shape);
    this.emit(`var ${name}: array<${wgslType(this.type(id).dtype)}, ${this.slots(id)}>;`);
    this.openElements(n);
    body((x) => this.emit(`${name}[j] = ${x};`));
    this.closeElements(n);
    this.storage.set(id, { kind: 'private', name });
  }

  /** Writes every element of `id` to workgroup scratch (between barriers). */
  private publish(id: ValueId, offset = 0): void {
    const t = this.type(id);
    const n = numel(t.shape);
    this.scratchWords = Math.max(this.scratchWords, offset + n);
    this.emit('workgroupBarrier();');
    this.openElements(n);
    this.emit(
      `scratch[${offset === 0 ? 'e' : `e + ${offset}u`}] = ${toBits(t.dtype, this.own(id))};`,
    );
    this.closeElements(n);
    this.emit('workgroupBarrier();');
  }

  private scratchAt(dtype: Dtype, idx: string): string {
    return fromBits(dtype, `scratch[${idx}]`);
  }

  // ---------------------------------------------------------------- element-wise ops

  private round16(dtype: Dtype, x: string): string {
    return dtype === 'fp16' ? `r16(${x})` : x;
  }

  /** The WGSL expression of an element-wise op, given its operands' element expressions. */
  private elementExpr(op: Op, at: (id: ValueId) => string): string {
    switch (op.op) {
      case 'const':
        return constLiteral(this.type(op.out).dtype, op.value);
      case 'cast':
        return this.castExpr(this.type(op.src).dtype, this.type(op.out).dtype, at(op.src));
      case 'addptr':
        return `(${at(op.ptr)} + ${at(op.offset)})`;
      case 'where':
        return `select(${at(op.rhs)}, ${at(op.lhs)}, ${at(op.cond)})`;
      case 'compare': {
        const sym = { eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' }[op.kind];
        return `(${at(op.lhs)} ${sym} ${at(op.rhs)})`;
      }
      case 'unary':
        return this.unaryExpr(op.kind, this.type(op.out).dtype, at(op.src));
      case 'binary':
        return this.binaryExpr(op, this.type(op.out).dtype, at(op.lhs), at(op.rhs));
      default:
        throw new Error(`${op.op} is not element-wise`);
    }
  }

  private castExpr(from: Dtype, to: Dtype, x: string): string {
    if (from === to) return x;
    if (to === 'int1') return from === 'int32' ? `(${x} != 0i)` : `(${x} != 0.0f)`;
    if (from === 'int1')
      return to === 'int32' ? `select(0i, 1i, ${x})` : `select(0.0f, 1.0f, ${x})`;
    if (to === 'int32') return `f2i(${x})`;
    if (to === 'fp16') return `r16(f32(${x}))`;
    return `f32(${x})`;
  }

  private unaryExpr(kind: string, dtype: Dtype, x: string): string {
    switch (kind) {
      case 'neg':
        return `(-${x})`;
      case 'not':
        return dtype === 'int1' ? `(!${x})` : `(~${x})`;
      case 'abs':
        return `abs(${x})`;
      case 'exp':
        return `exp(${x})`;
      case 'exp2':
        return `exp2(${x})`;
      case 'log':
        return `log(${x})`;
      case 'sqrt':
        return `sqrt(${x})`;
      case 'rsqrt':
        return `inverseSqrt(${x})`;
      case 'sigmoid':
        return `(1.0f / (1.0f + exp(-${x})))`;
      default:
        throw new Error(`unary ${kind}`);
    }
  }

  private binaryExpr(
    op: Extract<Op, { op: 'binary' }>,
    dtype: Dtype,
    a: string,
    b: string,
  ): string {
    const int = dtype === 'int32';
    const bool = dtype === 'int1';
    const r = (x: string) => this.round16(dtype, x);
    switch (op.kind) {
      case 'add':
        return bool ? `(${a} != ${b})` : r(`(${a} + ${b})`);
      case 'sub':
        return bool ? `(${a} != ${b})` : r(`(${a} - ${b})`);
      case 'mul':
        return bool ? `(${a} && ${b})` : r(`(${a} * ${b})`);
      case 'div':
        return `(${a} / ${b})`;
      case 'floordiv':
      case 'mod': {
        if (!int) return r(`(${a} % ${b})`);
        const site = this.site({
          kind: 'division',
          line: op.line,
          symbol: op.kind === 'mod' ? '%' : '//',
        });
        return `${op.kind === 'mod' ? 'imod' : 'idiv'}(${a}, ${b}, ${site}u)`;
      }
      case 'and':
        return bool ? `(${a} && ${b})` : `(${a} & ${b})`;
      case 'or':
        return bool ? `(${a} || ${b})` : `(${a} | ${b})`;
      case 'xor':
        return bool ? `(${a} != ${b})` : `(${a} ^ ${b})`;
      case 'shl':
        return `(${a} << (u32(${b}) & 31u))`;
      case 'shr':
        return `(${a} >> (u32(${b}) & 31u))`;
      case 'maximum':
        return int ? `max(${a}, ${b})` : bool ? `(${a} || ${b})` : `fmax(${a}, ${b})`;
      case 'minimum':
        return int ? `min(${a}, ${b})` : bool ? `(${a} && ${b})` : `fmin(${a}, ${b})`;
    }
  }

  private site(site: StatusSite): number {
    this.sites.push(site);
    return this.sites.length - 1;
  }

  /** Can this op stay lazy (all its block operands lazy, its expression short)? */
  private canBeLazy(op: Op): boolean {
    const operands: ValueId[] = [];
    switch (op.op) {
      case 'arange':
        return true;
      case 'splat':
        return true;
      case 'expand_dims':
      case 'broadcast':
        operands.push(op.src);
        break;
      case 'cast':
      case 'unary':
        operands.push(op.src);
        break;
      case 'binary':
      case 'compare':
        operands.push(op.lhs, op.rhs);
        break;
      case 'where':
        operands.push(op.cond, op.lhs, op.rhs);
        break;
      case 'addptr':
        operands.push(op.ptr, op.offset);
        break;
      default:
        return false;
    }
    if (!operands.every((v) => this.storage.get(v)?.kind !== 'private')) return false;
    if (op.op === 'binary' && (op.kind === 'floordiv' || op.kind === 'mod')) return false;
    const probe = this.elementLength(op);
    return probe <= LAZY_MAX_CHARS;
  }

  private elementLength(op: Op): number {
    if (!('out' in op)) return 0;
    this.storage.set(op.out, { kind: 'lazy' });
    const n = this.lazyAt(op.out, 'e').length;
    this.storage.delete(op.out);
    return n;
  }

  // ---------------------------------------------------------------- ops

  private emitOps(ops: readonly Op[]): void {
    for (const op of ops) this.emitOp(op);
  }

  private emitOp(op: Op): void {
    if (op.op === 'for') return this.emitFor(op);
    if (op.op === 'store') return this.emitStore(op);
    const out = op.out;
    const t = this.type(out);
    if (t.shape.length === 0) return this.emitScalar(op);
    switch (op.op) {
      case 'load':
        return this.emitLoad(op);
      case 'atomic_add':
        return this.emitAtomic(op);
      case 'reduce':
        return this.emitReduce(op);
      case 'cumsum':
        return this.emitCumsum(op);
      case 'dot':
        return this.emitDot(op);
      case 'expand_dims': {
        const s = this.storage.get(op.src) as Storage;
        if (s.kind === 'private') {
          this.storage.set(out, s);
          return;
        }
        break;
      }
      case 'broadcast': {
        const s = this.storage.get(op.src) as Storage;
        if (s.kind === 'private') {
          this.publish(op.src);
          const src = this.type(op.src);
          this.materialize(out, (set) =>
            set(this.scratchAt(src.dtype, broadcastIndex('e', t.shape, src.shape))),
          );
          return;
        }
        break;
      }
      default:
        break;
    }
    if (this.canBeLazy(op)) {
      this.storage.set(out, { kind: 'lazy' });
      return;
    }
    this.materialize(out, (set) => set(this.elementExpr(op, (v) => this.own(v))));
  }

  private emitScalar(op: Exclude<Op, { op: 'for' | 'store' }>): void {
    const t = this.type(op.out);
    const name = `s${op.out}`;
    const ty = wgslType(t.dtype);
    let expr: string;
    switch (op.op) {
      case 'param': {
        const p = this.ir.params[op.index];
        if (!p) throw new Error(`no parameter ${op.index}`);
        expr = isPointer(p.type.dtype) ? '0i' : fromBits(p.type.dtype, `args[${op.index}]`);
        break;
      }
      case 'program_id':
        expr = `i32(wid.${'xyz'[op.axis]})`;
        break;
      case 'num_programs':
        expr = `i32(nwg.${'xyz'[op.axis]})`;
        break;
      case 'arange':
        expr = constLiteral('int32', op.start);
        break;
      case 'splat':
      case 'expand_dims':
      case 'broadcast':
        expr = this.own(op.src);
        break;
      case 'load':
        return this.emitLoad(op);
      case 'atomic_add':
        return this.emitAtomic(op);
      case 'reduce':
        return this.emitReduce(op);
      case 'cumsum':
      case 'dot':
        throw new Error(`${op.op} on a scalar`);
      default:
        expr = this.elementExpr(op, (v) => this.own(v));
    }
    this.emit(`let ${name}: ${ty} = ${expr};`);
    this.storage.set(op.out, { kind: 'scalar', name });
  }

  private accessSite(op: Extract<Op, { op: 'load' | 'store' | 'atomic_add' }>): number {
    return this.site({
      kind: 'access',
      op: op.op,
      line: op.line,
      param: this.ir.bases[op.ptr] as number,
      shape: this.type(op.ptr).shape,
      masked: op.mask !== null,
    });
  }

  /** Runs `body` for each owned element of the pointer's block (once, by everyone, for a scalar). */
  private overElements(ptr: ValueId, body: () => void): void {
    if (this.isScalar(ptr)) {
      this.emit('{');
      this.indent++;
      this.emit('let e = 0u;');
      body();
      this.indent--;
      this.emit('}');
      return;
    }
    const n = numel(this.type(ptr).shape);
    this.openElements(n);
    body();
    this.closeElements(n);
  }

  private emitLoad(op: Extract<Op, { op: 'load' }>): void {
    const t = this.type(op.out);
    const param = this.ir.bases[op.ptr] as number;
    const site = this.accessSite(op);
    const ty = wgslType(t.dtype);
    const scalar = t.shape.length === 0;
    const name = scalar ? `s${op.out}` : `v${op.out}`;
    this.emit(scalar ? `var ${name}: ${ty};` : `var ${name}: array<${ty}, ${this.slots(op.out)}>;`);
    const target = scalar ? name : `${name}[j]`;
    this.overElements(op.ptr, () => {
      const load = `ld${param}(${this.own(op.ptr)}, ${site}u, e)`;
      if (op.mask === null) {
        this.emit(`${target} = ${load};`);
      } else {
        const other = op.other === null ? constLiteral(t.dtype, 0) : this.own(op.other);
        this.emit(
          `if (${this.own(op.mask)}) { ${target} = ${load}; } else { ${target} = ${other}; }`,
        );
      }
    });
    this.storage.set(op.out, { kind: scalar ? 'scalar' : 'private', name });
  }

  private emitStore(op: Extract<Op, { op: 'store' }>): void {
    const param = this.ir.bases[op.ptr] as number;
    const site = this.accessSite(op);
    const scalar = this.isScalar(op.ptr);
    if (scalar) {
      this.emit('if (lid == 0u) {');
      this.indent++;
    }
    this.overElements(op.ptr, () => {
      const store = `st${param}(${this.own(op.ptr)}, ${this.own(op.value)}, ${site}u, e);`;
      this.emit(op.mask === null ? store : `if (${this.own(op.mask)}) { ${store} }`);
    });
    if (scalar) {
      this.indent--;
      this.emit('}');
    }
  }

  private emitAtomic(op: Extract<Op, { op: 'atomic_add' }>): void {
    const t = this.type(op.out);
    const param = this.ir.bases[op.ptr] as number;
    const site = this.accessSite(op);
    const ty = wgslType(t.dtype);
    const scalar = t.shape.length === 0;
    if (scalar) {
      // One invocation adds; everyone receives the old value through workgroup memory.
      this.scratchWords = Math.max(this.scratchWords, 1);
      this.emit('workgroupBarrier();');
      this.emit('if (lid == 0u) {');
      this.indent++;
      this.emit('let e = 0u;');
      const call = `add${param}(${this.own(op.ptr)}, ${this.own(op.value)}, ${site}u, e)`;
      if (op.mask === null) this.emit(`scratch[0] = ${toBits(t.dtype, call)};`);
      else {
        this.emit(`var old: ${ty} = ${constLiteral(t.dtype, 0)};`);
        this.emit(`if (${this.own(op.mask)}) { old = ${call}; }`);
        this.emit(`scratch[0] = ${toBits(t.dtype, 'old')};`);
      }
      this.indent--;
      this.emit('}');
      const name = `s${op.out}`;
      this.emit(`let ${name}: ${ty} = ${fromBits(t.dtype, 'workgroupUniformLoad(&scratch[0])')};`);
      this.storage.set(op.out, { kind: 'scalar', name });
      return;
    }
    const name = `v${op.out}`;
    this.emit(`var ${name}: array<${ty}, ${this.slots(op.out)}>;`);
    this.overElements(op.ptr, () => {
      const call = `add${param}(${this.own(op.ptr)}, ${this.own(op.value)}, ${site}u, e)`;
      this.emit(
        op.mask === null
          ? `${name}[j] = ${call};`
          : `if (${this.own(op.mask)}) { ${name}[j] = ${call}; }`,
      );
    });
    this.storage.set(op.out, { kind: 'private', name });
  }

  /** `acc = combine(acc, x)` (and the index for argmax) as WGSL statements. */
  private combine(
    kind: string,
    dtype: Dtype,
    acc: string,
    x: string,
    arg?: string,
    k?: string,
  ): string {
    switch (kind) {
      case 'sum':
        return `${acc} = ${this.round16(dtype, `${acc} + ${x}`)};`;
      case 'max':
        return dtype === 'int32' ? `${acc} = max(${acc}, ${x});` : `${acc} = fmax(${acc}, ${x});`;
      case 'min':
        return dtype === 'int32' ? `${acc} = min(${acc}, ${x});` : `${acc} = fmin(${acc}, ${x});`;
      default: {
        const better =
          dtype === 'int32'
            ? `${x} > ${acc}`
            : `(${x} > ${acc} || (${acc} != ${acc} && ${x} == ${x}))`;
        return `if (${better}) { ${acc} = ${x}; ${arg} = ${k}; }`;
      }
    }
  }

  private emitReduce(op: Extract<Op, { op: 'reduce' }>): void {
    const src = this.type(op.src);
    const out = this.type(op.out);
    // Element dtype the reduction combines in (int1 sums as int32; fp16 max/min give fp32).
    const accType: Dtype = op.kind === 'argmax' ? src.dtype : out.dtype;
    const ty = wgslType(accType);
    const srcAt = (idx: string) =>
      this.castExpr(src.dtype, accType, this.scratchAt(src.dtype, idx));
    if (out.shape.length === 0) return this.emitTreeReduce(op, accType);
    this.publish(op.src);
    const axis = op.axis as number;
    this.materialize(op.out, (set) => {
      const { base, step, length } = reductionBase('e', out.shape, src.shape, axis);
      this.emit(`let base = ${base};`);
      this.emit(`var acc: ${ty} = ${srcAt('base')};`);
      if (op.kind === 'argmax') this.emit('var arg = 0i;');
      this.emit(`for (var k = 1u; k < ${length}u; k++) {`);
      this.emit(`  let x = ${srcAt(`base + k * ${step}u`)};`);
      this.emit(`  ${this.combine(op.kind, accType, 'acc', 'x', 'arg', 'i32(k)')}`);
      this.emit('}');
      set(op.kind === 'argmax' ? 'arg' : 'acc');
    });
  }

  /** A reduction of a whole block to a scalar: each invocation's share, then a tree. */
  private emitTreeReduce(op: Extract<Op, { op: 'reduce' }>, accType: Dtype): void {
    const src = this.type(op.src);
    const n = numel(src.shape);
    const ty = wgslType(accType);
    const W = this.W;
    const argmax = op.kind === 'argmax';
    this.scratchWords = Math.max(this.scratchWords, argmax ? 2 * W : W);
    const id = this.fresh('r');
    const identity =
      op.kind === 'sum'
        ? constLiteral(accType, 0)
        : accType === 'int32'
          ? op.kind === 'min'
            ? '2147483647i'
            : 'bitcast<i32>(0x80000000u)'
          : op.kind === 'min'
            ? 'bitcast<f32>(args[NAN_WORD])'
            : 'bitcast<f32>(args[NAN_WORD])';
    // NaN is the identity of fmax/fmin (a NaN loses to any number); argmax starts at NaN too.
    this.emit(`var ${id}: ${ty} = ${identity};`);
    this.emit(`var ${id}i: i32 = 2147483647i;`);
    this.emit(`var ${id}n = false;`);
    this.openElements(n);
    const x = this.castExpr(src.dtype, accType, this.own(op.src));
    this.emit(`let x = ${x};`);
    if (argmax) {
      this.emit(`if (!${id}n) { ${id} = x; ${id}i = i32(e); ${id}n = true; }`);
      this.emit(this.combine('argmax', accType, id, 'x', `${id}i`, 'i32(e)'));
    } else if (op.kind !== 'sum' && accType !== 'int32') {
      // A lane's first element starts its max or min, so no NaN identity meets a comparison
      // (some drivers, SwiftShader among them, fold the NaN tests away).
      this.emit(
        `if (!${id}n) { ${id} = x; ${id}n = true; } else { ${this.combine(op.kind, accType, id, 'x')} }`,
      );
    } else {
      this.emit(this.combine(op.kind, accType, id, 'x'));
    }
    this.closeElements(n);
    this.emit('workgroupBarrier();');
    this.emit(`scratch[lid] = ${toBits(accType, id)};`);
    if (argmax)
      this.emit(`scratch[lid + ${W}u] = select(0xffffffffu, bitcast<u32>(${id}i), ${id}n);`);
    this.emit('workgroupBarrier();');
    // Only the lanes that own an element take part: a block smaller than the workgroup leaves
    // the others holding the identity, which must never meet a real value in the tree.
    const lanes = Math.min(W, 2 ** Math.ceil(Math.log2(Math.max(n, 1))));
    this.emit(`for (var half = ${lanes >> 1}u; half > 0u; half >>= 1u) {`);
    this.indent++;
    this.emit('if (lid < half) {');
    this.indent++;
    this.emit(`var a = ${fromBits(accType, 'scratch[lid]')};`);
    this.emit(`let b = ${fromBits(accType, 'scratch[lid + half]')};`);
    if (argmax) {
      this.emit(`var ai = scratch[lid + ${W}u];`);
      this.emit(`let bi = scratch[lid + half + ${W}u];`);
      // b wins when a has no element, or b is larger, or equal with a smaller index, or a is NaN.
      const nan = accType === 'int32' ? 'false' : '(a != a && b == b)';
      this.emit(
        `if (bi != 0xffffffffu && (ai == 0xffffffffu || b > a || (b == a && bi < ai) || ${nan})) { a = b; ai = bi; }`,
      );
      this.emit(`scratch[lid + ${W}u] = ai;`);
    } else {
      this.emit(this.combine(op.kind, accType, 'a', 'b'));
    }
    this.emit(`scratch[lid] = ${toBits(accType, 'a')};`);
    this.indent--;
    this.emit('}');
    this.emit('workgroupBarrier();');
    this.indent--;
    this.emit('}');
    const name = `s${op.out}`;
    const outType = this.type(op.out).dtype;
    const word = argmax
      ? `workgroupUniformLoad(&scratch[${W}u])`
      : 'workgroupUniformLoad(&scratch[0])';
    const value = argmax ? `bitcast<i32>(${word})` : fromBits(accType, word);
    this.emit(`let ${name}: ${wgslType(outType)} = ${value};`);
    this.storage.set(op.out, { kind: 'scalar', name });
  }

  private emitCumsum(op: Extract<Op, { op: 'cumsum' }>): void {
    const src = this.type(op.src);
    const out = this.type(op.out);
    const ty = wgslType(out.dtype);
    this.publish(op.src);
    const strides = stridesOf(src.shape);
    const step = strides[op.axis] as number;
    this.materialize(op.out, (set) => {
      const c = coord('e', src.shape, op.axis);
      this.emit(`let c = ${c};`);
      this.emit(`let base = e - c * ${step}u;`);
      const at = (idx: string) =>
        this.castExpr(src.dtype, out.dtype, this.scratchAt(src.dtype, idx));
      this.emit(`var acc: ${ty} = ${at('base')};`);
      this.emit(`for (var k = 1u; k <= c; k++) {`);
      this.emit(`  ${this.combine('sum', out.dtype, 'acc', at(`base + k * ${step}u`))}`);
      this.emit('}');
      set('acc');
    });
  }

  private emitDot(op: Extract<Op, { op: 'dot' }>): void {
    const [M, K] = this.type(op.a).shape as [number, number];
    const N = (this.type(op.b).shape as [number, number])[1];
    this.tileA = Math.max(this.tileA, M * K);
    this.tileB = Math.max(this.tileB, K * N);
    const tf32 = op.precision === 'tf32' && this.type(op.a).dtype === 'fp32';
    const conv = (id: ValueId) => {
      const x = this.castExpr(this.type(id).dtype, 'fp32', this.own(id));
      return tf32 ? `rtf32(${x})` : x;
    };
    this.emit('workgroupBarrier();');
    // A is kept as vec4s along K (every tl.dot dimension is a multiple of 16), so the product
    // reads four of a row's values in one load.
    this.openElements(M * K);
    this.emit(`tileA[e >> 2u][e & 3u] = ${conv(op.a)};`);
    this.closeElements(M * K);
    this.openElements(K * N);
    this.emit(`tileB[e] = ${conv(op.b)};`);
    this.closeElements(K * N);
    this.emit('workgroupBarrier();');
    const W = this.W;
    const name = `v${op.out}`;
    const slots = this.slots(op.out);
    this.emit(`var ${name}: array<f32, ${slots}>;`);
    const accAt = this.castExpr(this.type(op.acc).dtype, 'fp32', this.own(op.acc));
    const loop = dotLoopLines({ M, N, K, W, slots }, name, accAt);
    if (loop) {
      for (const line of loop) this.emit(line);
    } else {
      this.openElements(M * N);
      this.emit(`let m = e >> ${log2(N)}u;`);
      this.emit(`let n = e & ${N - 1}u;`);
      this.emit(`var acc = ${accAt};`);
      this.emit(`for (var k = 0u; k < ${K}u; k += 4u) {`);
      this.emit(`  let av = tileA[m * ${K / 4}u + (k >> 2u)];`);
      this.emit(
        `  acc = fma(av.w, tileB[(k + 3u) * ${N}u + n], fma(av.z, tileB[(k + 2u) * ${N}u + n], fma(av.y, tileB[(k + 1u) * ${N}u + n], fma(av.x, tileB[k * ${N}u + n], acc))));`,
      );
      this.emit('}');
      this.emit(`${name}[j] = acc;`);
      this.closeElements(M * N);
    }
    this.storage.set(op.out, { kind: 'private', name });
  }

  /** Copies any value into a new variable (scalar, or a private array). */
  private copyInto(id: ValueId, prefix: string): Storage {
    const t = this.type(id);
    const ty = wgslType(t.dtype);
    const name = this.fresh(prefix);
    if (t.shape.length === 0) {
      this.emit(`var ${name}: ${ty} = ${this.own(id)};`);
      return { kind: 'scalar', name };
    }
    const s = this.storage.get(id) as Storage;
    if (s.kind === 'private') {
      this.emit(`var ${name} = ${s.name};`);
    } else {
      const n = numel(t.shape);
      this.emit(`var ${name}: array<${ty}, ${this.slots(id)}>;`);
      this.openElements(n);
      this.emit(`${name}[j] = ${this.own(id)};`);
      this.closeElements(n);
    }
    return { kind: 'private', name };
  }

  private emitFor(op: Extract<Op, { op: 'for' }>): void {
    const carried = op.carried.map((c, i) => {
      const s = this.copyInto(op.inits[i] as ValueId, 'c');
      this.storage.set(c, s);
      return s as { kind: 'scalar' | 'private'; name: string };
    });
    const loop = this.fresh('L');
    const site = this.site({ kind: 'loop', line: op.line });
    const start = this.own(op.start);
    const stop = this.own(op.stop);
    const step = this.own(op.step);
    this.emit(`let ${loop}start = ${start};`);
    this.emit(`let ${loop}step = ${step};`);
    this.emit(
      `let ${loop}trips = trips(${loop}start, ${stop}, ${loop}step, ${site}u, iterations);`,
    );
    this.emit(`if (${loop}trips == 0xffffffffu) { return; }`);
    this.emit(`iterations += ${loop}trips;`);
    this.emit(`for (var t = 0u; t < ${loop}trips; t++) {`);
    this.indent++;
    this.emit(`let s${op.iv}: i32 = ${loop}start + bitcast<i32>(t) * ${loop}step;`);
    this.storage.set(op.iv, { kind: 'scalar', name: `s${op.iv}` });
    this.emitOps(op.body);
    // Yields into temporaries first: a yield may read a carried value another yield replaces.
    const temps = op.yields.map((y) => this.copyInto(y, 'y'));
    temps.forEach((tmp, i) => {
      const c = carried[i] as { name: string };
      this.emit(`${c.name} = ${(tmp as { name: string }).name};`);
    });
    this.indent--;
    this.emit('}');
    op.results.forEach((r, i) => this.storage.set(r, carried[i] as Storage));
  }

  // ---------------------------------------------------------------- the module

  compile(): CompiledWgsl {
    const ir = this.ir;
    const grid = [...this.options.grid];
    while (grid.length < 3) grid.push(1);
    const dispatch = grid.slice(0, 3) as [number, number, number];
    const maxDim = this.limits.maxComputeWorkgroupsPerDimension;
    dispatch.forEach((d, axis) => {
      if (!Number.isInteger(d) || d < 0)
        throw refuse(`grid dimension ${axis} must be a non-negative int; got ${d}`);
      if (d > maxDim)
        throw refuse(
          `grid dimension ${axis} is ${d}; this device's maxComputeWorkgroupsPerDimension is ${maxDim}`,
          'Use bigger blocks, or fold the programs into another grid axis.',
        );
    });
    const tensors = ir.params.map((p, i) => ({ p, i })).filter(({ p }) => isPointer(p.type.dtype));
    const maxBuffers = this.limits.maxStorageBuffersPerShaderStage;
    if (tensors.length + 2 > maxBuffers)
      throw refuse(
        `${ir.name} takes ${tensors.length} tensors; with its argument and status buffers that is ${tensors.length + 2} storage buffers, over this device's maxStorageBuffersPerShaderStage of ${maxBuffers}`,
      );
    this.emitOps(ir.body);
    const body = this.lines;
    const W = this.W;
    const workgroupBytes = 4 * (this.scratchWords + this.tileA + this.tileB);
    const maxBytes = this.limits.maxComputeWorkgroupStorageSize;
    if (workgroupBytes > maxBytes)
      throw refuse(
        `${ir.name} needs ${workgroupBytes} bytes of workgroup memory (its dot tiles and reductions); this device's maxComputeWorkgroupStorageSize is ${maxBytes}`,
        'Use smaller blocks.',
      );
    const bindings: WgslBinding[] = [];
    const head: string[] = [
      `// ${ir.name}, compiled from Triton by src/triton/wgsl (one program per workgroup of ${W})`,
      // Infinity and NaN come from the args buffer: WGSL refuses them as constants.
      `const INF_WORD = ${ir.params.length}u;`,
      `const NAN_WORD = ${ir.params.length + 1}u;`,
    ];
    tensors.forEach(({ p, i }, b) => {
      const dtype = pointee(p.type.dtype as `ptr<${'fp32' | 'fp16' | 'int32'}>`);
      const atomic = this.atomicParams.has(i);
      bindings.push({ kind: 'tensor', binding: b, param: i, dtype, atomic });
      const elem = dtype === 'int32' ? 'i32' : 'f32';
      const stored = atomic ? (dtype === 'int32' ? 'atomic<i32>' : 'atomic<u32>') : elem;
      head.push(
        `@group(0) @binding(${b}) var<storage, read_write> t${i}: array<${stored}>; // ${p.name}`,
      );
      head.push(...accessHelpers(i, dtype, atomic));
    });
    const argsBinding = tensors.length;
    const statusBinding = tensors.length + 1;
    bindings.push(
      { kind: 'args', binding: argsBinding },
      { kind: 'status', binding: statusBinding },
    );
    head.push(
      `@group(0) @binding(${argsBinding}) var<storage, read> args: array<u32, ${ir.params.length + 2}>;`,
      `@group(0) @binding(${statusBinding}) var<storage, read_write> status: array<atomic<u32>, ${STATUS_WORDS}>;`,
    );
    if (this.scratchWords > 0)
      head.push(`var<workgroup> scratch: array<u32, ${this.scratchWords}>;`);
    if (this.tileA > 0) head.push(`var<workgroup> tileA: array<vec4<f32>, ${this.tileA / 4}>;`);
    if (this.tileB > 0) head.push(`var<workgroup> tileB: array<f32, ${this.tileB}>;`);
    const maxIterations = this.options.maxIterations ?? 1_000_000;
    head.push(...prelude(maxIterations).split('\n'));
    const code = [
      ...head,
      `@compute @workgroup_size(${W})`,
      'fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {',
      '  g_pid = wid;',
      '  var iterations = 0u;',
      ...body,
      '}',
      '',
    ].join('\n');
    return {
      code,
      bindings,
      workgroupSize: W,
      dispatch,
      sites: this.sites,
      argWords: ir.params.length + 2,
      workgroupBytes,
      maxIterations,
    };
  }
}
