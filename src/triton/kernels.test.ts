/**
 * The reference kernels run on the interpreter at awkward sizes (not multiples of the block, a
 * single element, primes) with seeded random data, against plain CPU references.
 */
import { describe, expect, it } from 'vitest';
import { floatArg, makeTensor, runKernel, toNumbers } from './index';
import { FLASH_ATTENTION, LAYER_NORM, MATMUL, SOFTMAX, VECTOR_ADD } from './testing/kernels';
import {
  causalAttention,
  irProblems,
  layerNormRows,
  matmul,
  maxAbsDiff,
  randomValues,
  softmaxRows,
} from './testing/reference';

const cdiv = (a: number, b: number) => Math.ceil(a / b);

describe('vector add', () => {
  it.each([1, 127, 1000])('adds %i elements in blocks of 128', (n) => {
    const xs = randomValues(n, n);
    const ys = randomValues(n + 1, n);
    const x = makeTensor('fp32', [n], xs);
    const y = makeTensor('fp32', [n], ys);
    const out = makeTensor('fp32', [n]);
    const run = runKernel(VECTOR_ADD, {
      grid: (meta) => [cdiv(n, meta.BLOCK_SIZE as number)],
      args: [x, y, out, n],
      constexprs: { BLOCK_SIZE: 128 },
    });
    expect(run.programs).toBe(cdiv(n, 128));
    expect(irProblems(run.ir)).toEqual([]);
    expect(toNumbers(out)).toEqual(
      xs.map((v, i) => Math.fround(Math.fround(v) + Math.fround(ys[i] as number))),
    );
  });
});

describe('fused softmax', () => {
  const run = (rows: number, cols: number, values: number[]) => {
    const x = makeTensor('fp32', [rows, cols], values);
    const out = makeTensor('fp32', [rows, cols]);
    const block = 2 ** Math.ceil(Math.log2(cols));
    const r = runKernel(SOFTMAX, {
      grid: [rows],
      args: { out_ptr: out, in_ptr: x, in_row_stride: cols, out_row_stride: cols, n_cols: cols },
      constexprs: { BLOCK_SIZE: block },
    });
    expect(irProblems(r.ir)).toEqual([]);
    return toNumbers(out);
  };

  it('matches the reference on 7 rows of 37', () => {
    const values = randomValues(7, 7 * 37, -3, 3);
    expect(maxAbsDiff(run(7, 37, values), softmaxRows(values, 7, 37))).toBeLessThan(1e-6);
  });

  it('is right when every value is negative (a kernel that ignored other=-inf would not be)', () => {
    const values = randomValues(8, 3 * 37, -4, -0.5);
    expect(maxAbsDiff(run(3, 37, values), softmaxRows(values, 3, 37))).toBeLessThan(1e-6);
  });

  it('handles a single column', () => {
    expect(run(2, 1, [0.5, -7])).toEqual([1, 1]);
  });
});

describe('layer norm', () => {
  it('matches the reference on 5 rows of 100 in blocks of 32', () => {
    const rows = 5;
    const n = 100;
    const xs = randomValues(11, rows * n, -2, 3);
    const ws = randomValues(12, n, 0.5, 1.5);
    const bs = randomValues(13, n);
    const y = makeTensor('fp32', [rows, n]);
    const r = runKernel(LAYER_NORM, {
      grid: [rows],
      args: [
        makeTensor('fp32', [rows, n], xs),
        y,
        makeTensor('fp32', [n], ws),
        makeTensor('fp32', [n], bs),
        n,
        n,
        floatArg(1e-5),
      ],
      constexprs: { BLOCK_SIZE: 32 },
    });
    expect(r.iterations).toBe(rows * 3 * cdiv(n, 32));
    expect(irProblems(r.ir)).toEqual([]);
    expect(maxAbsDiff(toNumbers(y), layerNormRows(xs, ws, bs, rows, n, 1e-5))).toBeLessThan(1e-5);
  });
});

describe('tiled matmul with tl.dot', () => {
  const launch = (dtype: 'fp32' | 'fp16', m: number, n: number, k: number) => {
    const as = randomValues(21, m * k);
    const bs = randomValues(22, k * n);
    const a = makeTensor(dtype, [m, k], as);
    const b = makeTensor(dtype, [k, n], bs);
    const c = makeTensor('fp32', [m, n]);
    const r = runKernel(MATMUL, {
      grid: (meta) => [cdiv(m, meta.BLOCK_M as number), cdiv(n, meta.BLOCK_N as number)],
      args: [a, b, c, m, n, k, k, 1, n, 1, n, 1],
      constexprs: { BLOCK_M: 16, BLOCK_N: 16, BLOCK_K: 16 },
    });
    expect(irProblems(r.ir)).toEqual([]);
    return { got: toNumbers(c), want: matmul(toNumbers(a), toNumbers(b), m, n, k) };
  };

  it('multiplies fp32 37x50 by 50x45', () => {
    const { got, want } = launch('fp32', 37, 45, 50);
    expect(maxAbsDiff(got, want)).toBeLessThan(1e-5);
  });

  it('multiplies fp16 inputs with fp32 accumulation', () => {
    const { got, want } = launch('fp16', 33, 17, 70);
    expect(maxAbsDiff(got, want)).toBeLessThan(1e-5);
  });
});

describe('causal flash attention', () => {
  it('matches softmax(q k^T) v with the causal mask for 2 heads of 37 tokens', () => {
    const heads = 2;
    const s = 37;
    const d = 16;
    const scale = 1 / Math.sqrt(d);
    const q = makeTensor('fp16', [heads, s, d], randomValues(31, heads * s * d));
    const k = makeTensor('fp16', [heads, s, d], randomValues(32, heads * s * d));
    const v = makeTensor('fp16', [heads, s, d], randomValues(33, heads * s * d));
    const o = makeTensor('fp32', [heads, s, d]);
    const r = runKernel(FLASH_ATTENTION, {
      grid: (meta) => [cdiv(s, meta.BLOCK_M as number), heads],
      args: [q, k, v, o, s, floatArg(scale), s * d, d],
      constexprs: { D: d, BLOCK_M: 16, BLOCK_N: 16 },
    });
    expect(irProblems(r.ir)).toEqual([]);
    const want = causalAttention(toNumbers(q), toNumbers(k), toNumbers(v), heads, s, d, scale);
    // p is rounded to fp16 before its product with v, as in real flash attention.
    expect(maxAbsDiff(toNumbers(o), want)).toBeLessThan(2e-3);
    // The first token attends only to itself.
    expect(toNumbers(o).slice(0, d)).toEqual(toNumbers(v).slice(0, d));
  });
});
