/**
 * The interpreter: runs a lowered kernel (src/triton/ir.ts) over its grid, one program instance
 * after another (axis 0 fastest), each op on whole blocks held as typed arrays
 * (src/triton/block-ops.ts). Loads and stores are checked against their tensor's storage: a
 * lane that would touch memory outside it stops the launch with the line, the program and the
 * offset, something a GPU does not do. Loops are charged against the launch's budgets before
 * they start, so a runaway loop is refused rather than left to spin.
 */
import {
  type BlockData,
  DivisionByZero,
  allocate,
  binaryInto,
  broadcastInto,
  castInto,
  compareInto,
  cumsumInto,
  dotInto,
  reduceInto,
  unaryInto,
} from './block-ops';
import { type BlockType, type ElementDtype, isPointer, numel, pointee } from './dtype';
import { TritonError, formatShape } from './errors';
import type { KernelIR, Op, ValueId } from './ir';
import { type Limits, formatCount } from './limits';
import { type TritonTensor, readElement, writeElement } from './tensor';

/** What a launch passes for each runtime parameter of the IR. */
export type ParamValue =
  { kind: 'tensor'; tensor: TritonTensor } | { kind: 'scalar'; value: number };

/** What a run did. */
export interface RunStats {
  programs: number;
  /** Loop iterations, all programs together. */
  iterations: number;
  /** Element operations charged against the work budget. */
  work: number;
}

/** A value while the kernel runs: its elements, and for pointers the parameter they point into. */
interface Block {
  data: BlockData;
  /** For a pointer block, the index of the tensor parameter; -1 otherwise. */
  base: number;
}

/** Element operations one pass over `ops` takes (loop bodies counted once, dots as M*N*K). */
export function staticWork(ops: readonly Op[], types: readonly BlockType[]): number {
  let work = 0;
  for (const op of ops) {
    if (op.op === 'for') work += staticWork(op.body, types);
    else if (op.op === 'dot') {
      const [m = 1, k = 1] = (types[op.a] as BlockType).shape;
      work += m * k * ((types[op.b] as BlockType).shape[1] ?? 1);
    } else if (op.op === 'store') work += numel((types[op.ptr] as BlockType).shape);
    else work += numel((types[op.out] as BlockType).shape);
  }
  return work;
}

/** Bytes of blocks one program can hold: every value of the kernel at once. */
export function programBytes(ir: KernelIR): number {
  return ir.types.reduce(
    (sum, t) => sum + numel(t.shape) * (isPointer(t.dtype) ? 8 : t.dtype === 'int1' ? 1 : 4),
    0,
  );
}

function formatIds(ids: readonly number[]): string {
  return `(${ids.join(', ')})`;
}

/** Shared across the programs of one launch. */
interface LaunchState {
  readonly ir: KernelIR;
  readonly params: readonly ParamValue[];
  readonly grid: readonly [number, number, number];
  readonly limits: Limits;
  readonly bodyWork: WeakMap<Op, number>;
  iterations: number;
  work: number;
}

/** Runs the kernel over the grid; `work` is what the caller already charged. */
export function interpret(
  ir: KernelIR,
  params: readonly ParamValue[],
  grid: readonly [number, number, number],
  limits: Limits,
  work = 0,
): RunStats {
  const state: LaunchState = {
    ir,
    params,
    grid,
    limits,
    bodyWork: new WeakMap(),
    iterations: 0,
    work,
  };
  let programs = 0;
  for (let z = 0; z < grid[2]; z++)
    for (let y = 0; y < grid[1]; y++)
      for (let x = 0; x < grid[0]; x++) {
        new Program(state, [x, y, z]).run(ir.body);
        programs++;
      }
  return { programs, iterations: state.iterations, work: state.work };
}

class Program {
  private readonly values: Array<Block | undefined>;

  constructor(
    private readonly s: LaunchState,
    private readonly pid: readonly [number, number, number],
  ) {
    this.values = new Array<Block | undefined>(s.ir.types.length);
  }

  private type(id: ValueId): BlockType {
    return this.s.ir.types[id] as BlockType;
  }

  private get(id: ValueId): Block {
    return this.values[id] as Block;
  }

  private set(id: ValueId, data: BlockData, base = -1): void {
    this.values[id] = { data, base };
  }

  run(ops: readonly Op[]): void {
    for (const op of ops) this.exec(op);
  }

  private fail(line: number, detail: string, hint?: string): TritonError {
    return new TritonError('runtime', line, `${detail}`, hint);
  }

  private exec(op: Op): void {
    switch (op.op) {
      case 'const': {
        const out = allocate(this.type(op.out));
        out[0] = op.value;
        this.set(op.out, out);
        return;
      }
      case 'param': {
        const p = this.s.params[op.index] as ParamValue;
        const out = allocate(this.type(op.out));
        if (p.kind === 'scalar') out[0] = p.value;
        this.set(op.out, out, p.kind === 'tensor' ? op.index : -1);
        return;
      }
      case 'program_id':
      case 'num_programs': {
        const out = new Int32Array(1);
        out[0] = op.op === 'program_id' ? this.pid[op.axis] : this.s.grid[op.axis];
        this.set(op.out, out);
        return;
      }
      case 'arange': {
        const out = allocate(this.type(op.out));
        for (let i = 0; i < out.length; i++) out[i] = op.start + i;
        this.set(op.out, out);
        return;
      }
      case 'splat': {
        const src = this.get(op.src);
        const out = allocate(this.type(op.out));
        out.fill(src.data[0] as number);
        this.set(op.out, out, src.base);
        return;
      }
      case 'expand_dims': {
        const src = this.get(op.src);
        this.set(op.out, src.data, src.base);
        return;
      }
      case 'broadcast': {
        const src = this.get(op.src);
        const out = allocate(this.type(op.out));
        broadcastInto(this.type(op.src).shape, this.type(op.out).shape, src.data, out);
        this.set(op.out, out, src.base);
        return;
      }
      case 'cast': {
        const out = allocate(this.type(op.out));
        castInto(this.type(op.out).dtype, this.get(op.src).data, out);
        this.set(op.out, out);
        return;
      }
      case 'binary': {
        const out = allocate(this.type(op.out));
        try {
          binaryInto(
            op.kind,
            this.type(op.out).dtype,
            this.get(op.lhs).data,
            this.get(op.rhs).data,
            out,
          );
        } catch (e) {
          if (e instanceof DivisionByZero)
            throw this.fail(
              op.line,
              `program ${formatIds(this.pid)} divides an integer by zero (${op.kind === 'mod' ? '%' : '//'})`,
            );
          throw e;
        }
        this.set(op.out, out);
        return;
      }
      case 'compare': {
        const out = allocate(this.type(op.out));
        compareInto(op.kind, this.get(op.lhs).data, this.get(op.rhs).data, out);
        this.set(op.out, out);
        return;
      }
      case 'unary': {
        const out = allocate(this.type(op.out));
        unaryInto(op.kind, this.type(op.out).dtype, this.get(op.src).data, out);
        this.set(op.out, out);
        return;
      }
      case 'where': {
        const cond = this.get(op.cond).data;
        const lhs = this.get(op.lhs);
        const rhs = this.get(op.rhs);
        const out = allocate(this.type(op.out));
        for (let i = 0; i < out.length; i++)
          out[i] = (cond[i] ? lhs.data[i] : rhs.data[i]) as number;
        this.set(op.out, out, lhs.base);
        return;
      }
      case 'addptr': {
        const ptr = this.get(op.ptr);
        const offset = this.get(op.offset).data;
        const out = allocate(this.type(op.out));
        for (let i = 0; i < out.length; i++)
          out[i] = (ptr.data[i] as number) + (offset[i] as number);
        this.set(op.out, out, ptr.base);
        return;
      }
      case 'load':
        this.load(op);
        return;
      case 'store':
      case 'atomic_add':
        this.storeLike(op);
        return;
      case 'reduce': {
        const out = allocate(this.type(op.out));
        const src = this.type(op.src);
        reduceInto(op.kind, src.dtype, src.shape, op.axis, this.get(op.src).data, out);
        this.set(op.out, out);
        return;
      }
      case 'cumsum': {
        const out = allocate(this.type(op.out));
        const src = this.type(op.src);
        cumsumInto(src.dtype, src.shape, op.axis, this.get(op.src).data, out);
        this.set(op.out, out);
        return;
      }
      case 'dot': {
        const out = allocate(this.type(op.out));
        const [m = 0, k = 0] = this.type(op.a).shape;
        const n = this.type(op.b).shape[1] ?? 0;
        dotInto(
          m,
          n,
          k,
          this.get(op.a).data,
          this.get(op.b).data,
          this.get(op.acc).data,
          op.precision,
          out,
        );
        this.set(op.out, out);
        return;
      }
      case 'for':
        this.loop(op);
        return;
    }
  }

  private paramName(index: number): string {
    return this.s.ir.params[index]?.name ?? `argument ${index}`;
  }

  private tensorOf(ptr: Block): TritonTensor {
    const p = this.s.params[ptr.base];
    if (p?.kind !== 'tensor') throw new Error('pointer block without a tensor');
    return p.tensor;
  }

  /** The first lane (row-major) whose offset is outside the tensor, or -1. */
  private checkBounds(
    op: Extract<Op, { op: 'load' | 'store' | 'atomic_add' }>,
    ptr: Block,
    mask: BlockData | null,
  ): void {
    const tensor = this.tensorOf(ptr);
    const length = tensor.data.length;
    const offsets = ptr.data;
    for (let i = 0; i < offsets.length; i++) {
      if (mask && !mask[i]) continue;
      const off = offsets[i] as number;
      if (off >= 0 && off < length) continue;
      const shape = this.type(op.ptr).shape;
      const lane =
        shape.length === 0
          ? 'a scalar access'
          : `lane ${laneIndex(i, shape)} of a ${formatShape(shape)} block`;
      const verb = op.op === 'load' ? 'reads' : 'writes';
      const where = off < 0 ? 'before its first element' : `past the end of its ${length} elements`;
      const masked =
        op.mask === null
          ? `this ${op.op === 'load' ? 'load' : op.op === 'store' ? 'store' : 'atomic_add'} has no mask`
          : 'the mask lets this lane through';
      throw this.fail(
        op.line,
        `tl.${op.op} in program ${formatIds(this.pid)} ${verb} ${this.paramName(ptr.base)} at offset ${off}, ${where} (${lane}; ${masked})`,
        op.mask === null
          ? `Mask the lanes outside the tensor: mask = offsets < n, then tl.${op.op}(..., mask=mask).`
          : 'The mask must be false for every lane outside the tensor: check the bound it compares with.',
      );
    }
  }

  private load(op: Extract<Op, { op: 'load' }>): void {
    const ptr = this.get(op.ptr);
    const mask = op.mask === null ? null : this.get(op.mask).data;
    const other = op.other === null ? null : this.get(op.other).data;
    this.checkBounds(op, ptr, mask);
    const tensor = this.tensorOf(ptr);
    const out = allocate(this.type(op.out));
    for (let i = 0; i < out.length; i++) {
      if (mask && !mask[i]) out[i] = other ? (other[i] as number) : 0;
      else out[i] = readElement(tensor.data, tensor.dtype, ptr.data[i] as number);
    }
    this.set(op.out, out);
  }

  private storeLike(op: Extract<Op, { op: 'store' | 'atomic_add' }>): void {
    const ptr = this.get(op.ptr);
    const mask = op.mask === null ? null : this.get(op.mask).data;
    const value = this.get(op.value).data;
    this.checkBounds(op, ptr, mask);
    const tensor = this.tensorOf(ptr);
    const dtype = pointee(this.type(op.ptr).dtype as `ptr<${ElementDtype}>`);
    const old = op.op === 'atomic_add' ? allocate(this.type(op.out)) : null;
    for (let i = 0; i < value.length; i++) {
      if (mask && !mask[i]) continue;
      const at = ptr.data[i] as number;
      if (old) {
        const before = readElement(tensor.data, dtype, at);
        old[i] = before;
        writeElement(
          tensor.data,
          dtype,
          at,
          dtype === 'int32' ? (before + (value[i] as number)) | 0 : before + (value[i] as number),
        );
      } else {
        writeElement(tensor.data, dtype, at, value[i] as number);
      }
    }
    if (old && op.op === 'atomic_add') this.set(op.out, old);
  }

  private loop(op: Extract<Op, { op: 'for' }>): void {
    const start = this.get(op.start).data[0] as number;
    const stop = this.get(op.stop).data[0] as number;
    const step = this.get(op.step).data[0] as number;
    if (step === 0)
      throw this.fail(op.line, `program ${formatIds(this.pid)}: range() step is zero`);
    const trips = Math.max(0, Math.ceil((stop - start) / step));
    const s = this.s;
    let bodyWork = s.bodyWork.get(op);
    if (bodyWork === undefined) {
      bodyWork = Math.max(1, staticWork(op.body, s.ir.types));
      s.bodyWork.set(op, bodyWork);
    }
    if (s.iterations + trips > s.limits.maxIterations)
      throw new TritonError(
        'budget',
        op.line,
        `the loop in program ${formatIds(this.pid)} would run ${formatCount(trips)} iterations (range(${start}, ${stop}, ${step})), past the interpreter's budget of ${formatCount(s.limits.maxIterations)} loop iterations per launch (${formatCount(s.iterations)} used before it)`,
        'Check the loop bounds: a runaway loop is stopped here before it starts.',
      );
    if (s.work + trips * bodyWork > s.limits.maxWork)
      throw new TritonError(
        'budget',
        op.line,
        `the loop in program ${formatIds(this.pid)} would take about ${formatCount(trips * bodyWork)} element operations (${formatCount(trips)} iterations), past the interpreter's budget of ${formatCount(s.limits.maxWork)} per launch`,
        'Use smaller sizes in the interpreter.',
      );
    s.iterations += trips;
    s.work += trips * bodyWork;
    let carried = op.inits.map((id) => this.get(id));
    for (let t = 0; t < trips; t++) {
      const iv = new Int32Array(1);
      iv[0] = start + t * step;
      this.set(op.iv, iv);
      carried.forEach((b, i) => (this.values[op.carried[i] as ValueId] = b));
      this.run(op.body);
      carried = op.yields.map((id) => this.get(id));
    }
    carried.forEach((b, i) => (this.values[op.results[i] as ValueId] = b));
  }
}

/** Lane `i` of a block as `104` (1-D) or `[3, 5]`. */
function laneIndex(i: number, shape: readonly number[]): string {
  if (shape.length === 1) return String(i);
  const idx: number[] = [];
  let rest = i;
  for (let d = shape.length - 1; d >= 0; d--) {
    idx.unshift(rest % (shape[d] as number));
    rest = Math.floor(rest / (shape[d] as number));
  }
  return `[${idx.join(', ')}]`;
}
