/**
 * CPU references (in double precision) for the reference kernels, seeded random data, and a
 * checker of the IR's invariants (every op sees operands of one shape and dtype), which the
 * interpreter and a WGSL back end rely on.
 */
import { createRandom } from '../../torch/random';
import { type BlockType, isPointer, numel, pointee, sameShape } from '../dtype';
import type { KernelIR, Op } from '../ir';

/** `n` uniform numbers in [lo, hi) from a seeded generator. */
export function randomValues(seed: number, n: number, lo = -1, hi = 1): number[] {
  const rng = createRandom(seed);
  return Array.from({ length: n }, () => lo + (hi - lo) * rng.uniform());
}

/** Softmax of each row of a rows x cols matrix. */
export function softmaxRows(x: readonly number[], rows: number, cols: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < rows; r++) {
    const row = x.slice(r * cols, (r + 1) * cols);
    const max = Math.max(...row);
    const e = row.map((v) => Math.exp(v - max));
    const sum = e.reduce((a, b) => a + b, 0);
    out.push(...e.map((v) => v / sum));
  }
  return out;
}

/** Layer norm of each row, with weight and bias. */
export function layerNormRows(
  x: readonly number[],
  w: readonly number[],
  b: readonly number[],
  rows: number,
  n: number,
  eps: number,
): number[] {
  const out: number[] = [];
  for (let r = 0; r < rows; r++) {
    const row = x.slice(r * n, (r + 1) * n);
    const mean = row.reduce((a, v) => a + v, 0) / n;
    const variance = row.reduce((a, v) => a + (v - mean) ** 2, 0) / n;
    const rstd = 1 / Math.sqrt(variance + eps);
    out.push(...row.map((v, i) => (v - mean) * rstd * (w[i] as number) + (b[i] as number)));
  }
  return out;
}

/** C = A @ B for row-major A [m, k] and B [k, n]. */
export function matmul(
  a: readonly number[],
  b: readonly number[],
  m: number,
  n: number,
  k: number,
): number[] {
  const c = new Array<number>(m * n).fill(0);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let x = 0; x < k; x++) s += (a[i * k + x] as number) * (b[x * n + j] as number);
      c[i * n + j] = s;
    }
  return c;
}

/** Causal attention for [heads, s, d] q, k, v: softmax(q k^T * scale, masked above the diagonal) v. */
export function causalAttention(
  q: readonly number[],
  k: readonly number[],
  v: readonly number[],
  heads: number,
  s: number,
  d: number,
  scale: number,
): number[] {
  const out = new Array<number>(heads * s * d).fill(0);
  for (let h = 0; h < heads; h++) {
    const base = h * s * d;
    for (let i = 0; i < s; i++) {
      const scores: number[] = [];
      for (let j = 0; j <= i; j++) {
        let dotp = 0;
        for (let x = 0; x < d; x++)
          dotp += (q[base + i * d + x] as number) * (k[base + j * d + x] as number);
        scores.push(dotp * scale);
      }
      const p = softmaxRows(scores, 1, scores.length);
      for (let x = 0; x < d; x++) {
        let acc = 0;
        for (let j = 0; j <= i; j++) acc += (p[j] as number) * (v[base + j * d + x] as number);
        out[base + i * d + x] = acc;
      }
    }
  }
  return out;
}

/** The largest |a[i] - b[i]|. */
export function maxAbsDiff(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return Infinity;
  return a.reduce((m, x, i) => Math.max(m, Math.abs(x - (b[i] as number))), 0);
}

/** Every IR invariant a back end relies on; returns the broken ones (empty when all hold). */
export function irProblems(ir: KernelIR): string[] {
  const problems: string[] = [];
  const t = (id: number) => ir.types[id] as BlockType;
  const same = (a: number, b: number) =>
    t(a).dtype === t(b).dtype && sameShape(t(a).shape, t(b).shape);
  const walk = (ops: readonly Op[]) => {
    for (const op of ops) {
      const bad = (what: string) => problems.push(`line ${op.line} ${op.op}: ${what}`);
      if ('out' in op && numel(t(op.out).shape) > 1 << 20) bad('block over 2^20 elements');
      if ('out' in op && !t(op.out).shape.every((d) => d > 0 && (d & (d - 1)) === 0))
        bad('a dimension is not a power of 2');
      switch (op.op) {
        case 'binary':
          if (!same(op.lhs, op.rhs) || !same(op.lhs, op.out)) bad('operands differ');
          break;
        case 'compare':
          if (!same(op.lhs, op.rhs) || t(op.out).dtype !== 'int1') bad('operands differ');
          break;
        case 'where':
          if (
            !same(op.lhs, op.rhs) ||
            !same(op.lhs, op.out) ||
            !sameShape(t(op.cond).shape, t(op.out).shape) ||
            t(op.cond).dtype !== 'int1'
          )
            bad('operands differ');
          break;
        case 'addptr':
          if (!sameShape(t(op.ptr).shape, t(op.offset).shape) || t(op.offset).dtype !== 'int32')
            bad('offsets differ');
          break;
        case 'load':
        case 'store':
        case 'atomic_add': {
          const ptr = t(op.ptr);
          if (!isPointer(ptr.dtype)) bad('not a pointer');
          if (
            op.mask !== null &&
            (!sameShape(t(op.mask).shape, ptr.shape) || t(op.mask).dtype !== 'int1')
          )
            bad('mask differs');
          const v = op.op === 'load' ? op.other : op.value;
          if (
            v !== null &&
            (!sameShape(t(v).shape, ptr.shape) || t(v).dtype !== pointee(ptr.dtype as `ptr<fp32>`))
          )
            bad('value differs');
          break;
        }
        case 'for':
          op.carried.forEach((c, i) => {
            if (
              !same(c, op.inits[i] as number) ||
              !same(c, op.yields[i] as number) ||
              !same(c, op.results[i] as number)
            )
              bad('carried types differ');
          });
          walk(op.body);
          break;
        default:
          break;
      }
    }
  };
  walk(ir.body);
  return problems;
}
