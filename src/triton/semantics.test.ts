/**
 * Triton's rules for the subset, each with a test that would fail if the rule were broken:
 * dtype promotion (block against block, block against scalar, division), fp16 rounding after
 * every operation, C-style integer division on blocks against Python's on constexprs,
 * broadcasting with [:, None] and [None, :], masking and other=, reductions along an axis,
 * fp32 accumulation in tl.dot, atomics, grids and loops.
 */
import { describe, expect, it } from 'vitest';
import { compileKernel, floatArg, makeTensor, runKernel, toNumbers, typeName, view } from './index';
import type { BlockType, KernelIR, Op } from './index';

const HEADER = 'import triton\nimport triton.language as tl\n\n';

/** A kernel over blocks of 16: i (int32), h (fp16) and f (fp32) loaded, `r = expr` stored. */
function exprKernel(expr: string): string {
  return `${HEADER}@triton.jit
def k(out_ptr, i_ptr, h_ptr, f_ptr):
    offs = tl.arange(0, 16)
    i = tl.load(i_ptr + offs)
    h = tl.load(h_ptr + offs)
    f = tl.load(f_ptr + offs)
    r = ${expr}
    tl.store(out_ptr + offs, r)
`;
}

const pad = (values: number[]) => [...values, ...new Array<number>(16 - values.length).fill(0)];

interface Inputs {
  i?: number[];
  h?: number[];
  f?: number[];
}

function args(inputs: Inputs, out: 'fp32' | 'int32' = 'fp32') {
  return [
    makeTensor(out, [16]),
    makeTensor('int32', [16], pad(inputs.i ?? [])),
    makeTensor('fp16', [16], pad(inputs.h ?? [])),
    makeTensor('fp32', [16], pad(inputs.f ?? [])),
  ];
}

/** The type of `r` (the store's value before the store's own splat and cast). */
function typeOf(expr: string): string {
  const ir = compileKernel(exprKernel(expr), { args: args({}) });
  const defs = new Map<number, Op>();
  const walk = (ops: readonly Op[]) =>
    ops.forEach((op) => {
      if ('out' in op) defs.set(op.out, op);
      if (op.op === 'for') walk(op.body);
    });
  walk(ir.body);
  const store = ir.body.find((op) => op.op === 'store') as Extract<Op, { op: 'store' }>;
  let id = store.value;
  for (let def = defs.get(id); def && def.line === store.line && 'src' in def; def = defs.get(id))
    id = def.src;
  return typeName(ir.types[id] as BlockType);
}

/** The first values of `r`, stored as fp32 (or int32). */
function valuesOf(
  expr: string,
  inputs: Inputs,
  count: number,
  out: 'fp32' | 'int32' = 'fp32',
): number[] {
  const a = args(inputs, out);
  runKernel(exprKernel(expr), { grid: [1], args: a });
  return toNumbers(a[0] as ReturnType<typeof makeTensor>).slice(0, count);
}

describe('dtype promotion', () => {
  it.each([
    ['i + f', '<[16], fp32>'],
    ['i + h', '<[16], fp16>'],
    ['h + f', '<[16], fp32>'],
    ['h * 2.0', '<[16], fp16>'],
    ['h * 2', '<[16], fp16>'],
    ['i * 1.5', '<[16], fp32>'],
    ['i + 1', '<[16], int32>'],
    ['(i < 3) + 1', '<[16], int32>'],
    ['i / 2', '<[16], fp32>'],
    ['h / h', '<[16], fp32>'],
    ['h % 2.0', '<[16], fp32>'],
    ['i // 2', '<[16], int32>'],
    ['i % 3', '<[16], int32>'],
    ['i < f', '<[16], int1>'],
    ['(i < 3) & (f > 0)', '<[16], int1>'],
    ['tl.where(i < 3, h, 1.0)', '<[16], fp16>'],
    ['tl.where(i < 3, h, f)', '<[16], fp32>'],
    ['tl.where(i < 3, 1, 2)', '<[16], int32>'],
    ['tl.maximum(h, i)', '<[16], fp16>'],
    ['h.to(tl.float32)', '<[16], fp32>'],
    ['f.to(tl.int32)', '<[16], int32>'],
    ['tl.sum(h, axis=0)', 'fp16'],
    ['tl.sum(i < 3, axis=0)', 'int32'],
    ['tl.max(h, axis=0)', 'fp32'],
    ['tl.argmax(h, axis=0)', 'int32'],
    ['tl.cumsum(h, axis=0)', '<[16], fp16>'],
    ['tl.exp(f)', '<[16], fp32>'],
  ])('%s is %s', (expr, type) => {
    expect(typeOf(expr)).toBe(type);
  });

  it('keeps fp16 arithmetic in fp16 with a float literal (rounded after the multiply)', () => {
    // In fp16 1 * 1.0001 is 1; an fp32 multiply would give 1.0001.
    expect(valuesOf('h * 1.0001', { h: [1] }, 1)).toEqual([1]);
  });

  it('rounds each fp16 result to fp16 ((1 + 2^-10)^2 loses its 2^-20)', () => {
    const x = 1 + 2 ** -10;
    expect(valuesOf('h * h', { h: [x] }, 1)).toEqual([1 + 2 ** -9]);
    expect(valuesOf('f * f', { f: [x] }, 1)).toEqual([Math.fround(x * x)]);
  });

  it('computes int32 with fp32 in fp32', () => {
    expect(valuesOf('i + f', { i: [3], f: [0.25] }, 1)).toEqual([3.25]);
  });

  it('divides ints into fp32 with /', () => {
    expect(valuesOf('i / 2', { i: [-7, 7] }, 2)).toEqual([-3.5, 3.5]);
  });

  it('divides fp16 blocks in fp32, so the quotient is not rounded to fp16', () => {
    expect(valuesOf('h / (h * 3)', { h: [1] }, 1)).toEqual([Math.fround(1 / 3)]);
  });
});

describe('integer division', () => {
  it('rounds toward zero on blocks, as C and Triton do', () => {
    expect(valuesOf('i // 2', { i: [-7, 7, -8, 8] }, 4)).toEqual([-3, 3, -4, 4]);
    expect(valuesOf('i % 3', { i: [-7, 7, -8, 8] }, 4)).toEqual([-1, 1, -2, 2]);
  });

  it('floors on constexprs, as Python does', () => {
    expect(valuesOf('i * 0 + (-7 // 2)', {}, 1)).toEqual([-4]);
    expect(valuesOf('i * 0 + (-7 % 3)', {}, 1)).toEqual([2]);
  });

  it('stops on an integer division by zero, naming the line and program', () => {
    expect(() => valuesOf('i // i', {}, 1)).toThrow(
      'line 10: program (0, 0, 0) divides an integer by zero (//)',
    );
  });

  it('computes tl.cdiv on blocks and on constexprs', () => {
    expect(valuesOf('tl.cdiv(i, 4)', { i: [0, 1, 4, 5] }, 4)).toEqual([0, 1, 1, 2]);
    expect(valuesOf('i * 0 + tl.cdiv(10, 4)', {}, 1)).toEqual([3]);
  });
});

describe('conversions', () => {
  it('converts floats to int32 toward zero, saturating, NaN to 0', () => {
    expect(valuesOf('f.to(tl.int32)', { f: [-2.7, 2.7, 1e10, -1e10, NaN] }, 5, 'int32')).toEqual([
      -2, 2, 2147483647, -2147483648, 0,
    ]);
  });

  it('rounds to fp16 to nearest, ties to even, overflowing to inf', () => {
    const tie = 1 + 2 ** -11;
    const tieUp = 1 + 3 * 2 ** -11;
    expect(valuesOf('f.to(tl.float16)', { f: [tie, tieUp, 65520, 65519, 1e-8] }, 5)).toEqual([
      1,
      1 + 2 ** -9,
      Infinity,
      65504,
      0,
    ]);
  });

  it('rounds fp16 tensors as they are written', () => {
    expect(toNumbers(makeTensor('fp16', [2], [0.1, 2049]))).toEqual([0.0999755859375, 2048]);
  });
});

describe('broadcasting', () => {
  const outer = `${HEADER}@triton.jit
def outer(out_ptr, R: tl.constexpr, C: tl.constexpr):
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    v = r[:, None] * 10 + c[None, :]
    tl.store(out_ptr + r[:, None] * C + c[None, :], v)
`;

  it('expands [:, None] down the rows and [None, :] along the columns', () => {
    const out = makeTensor('int32', [4, 8]);
    runKernel(outer, { grid: [1], args: [out], constexprs: { R: 4, C: 8 } });
    expect(toNumbers(out)).toEqual(
      Array.from({ length: 32 }, (_, i) => Math.floor(i / 8) * 10 + (i % 8)),
    );
  });

  it('pads the shorter shape on the left ([4, 1] + [8] is [4, 8])', () => {
    const source = outer.replace('v = r[:, None] * 10 + c[None, :]', 'v = r[:, None] * 10 + c');
    const out = makeTensor('int32', [4, 8]);
    runKernel(source, { grid: [1], args: [out], constexprs: { R: 4, C: 8 } });
    expect(toNumbers(out)).toEqual(
      Array.from({ length: 32 }, (_, i) => Math.floor(i / 8) * 10 + (i % 8)),
    );
  });

  it('splats scalars (a program id) over a block', () => {
    expect(typeOf('tl.program_id(0) + i')).toBe('<[16], int32>');
  });

  const reduce2d = (expr: string) => `${HEADER}@triton.jit
def red(x_ptr, out_ptr):
    r = tl.arange(0, 4)
    c = tl.arange(0, 8)
    x = tl.load(x_ptr + r[:, None] * 8 + c[None, :])
    y = ${expr}
    tl.store(out_ptr + tl.arange(0, 8), y)
`;
  const matrix = () =>
    makeTensor(
      'fp32',
      [4, 8],
      Array.from({ length: 32 }, (_, i) => i),
    );

  it('reduces along axis 0 (down the columns)', () => {
    const out = makeTensor('fp32', [8]);
    runKernel(reduce2d('tl.sum(x, axis=0)'), { grid: [1], args: [matrix(), out] });
    expect(toNumbers(out)).toEqual([48, 52, 56, 60, 64, 68, 72, 76]);
  });

  it('reduces along axis 1 (across each row), keeping the dimension when asked', () => {
    const out = makeTensor('fp32', [8]);
    runKernel(
      reduce2d(
        'tl.sum(tl.max(x, axis=1, keep_dims=True) + x * 0, axis=0) / 4 + tl.zeros([8], dtype=tl.float32)',
      ),
      {
        grid: [1],
        args: [matrix(), out],
      },
    );
    expect(toNumbers(out)).toEqual(new Array(8).fill((7 + 15 + 23 + 31) / 4));
  });

  it('reduces a whole block when the axis is None', () => {
    expect(typeOf('tl.sum(i[:, None] + i[None, :])')).toBe('int32');
    expect(valuesOf('i * 0 + tl.sum(i[:, None] * 0 + i[None, :])', { i: [1, 2, 3] }, 1)).toEqual([
      16 * 6,
    ]);
  });
});

describe('masks and other=', () => {
  const masked = `${HEADER}@triton.jit
def copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=OTHER)
    tl.store(out_ptr + offs, x, mask=offs < n + EXTRA)
`;

  it('leaves memory past the mask untouched (a runtime that ignored the mask would overwrite it)', () => {
    const x = makeTensor(
      'fp32',
      [20],
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const out = makeTensor('fp32', [20], new Array(20).fill(777));
    runKernel(masked.replace('OTHER', '0.0').replace(' + EXTRA', ''), {
      grid: [3],
      args: [x, out, 13],
      constexprs: { BLOCK: 8 },
    });
    expect(toNumbers(out)).toEqual([
      ...Array.from({ length: 13 }, (_, i) => i + 1),
      ...new Array(7).fill(777),
    ]);
  });

  it('reads other= in masked-off lanes (a runtime that ignored other= would read 0)', () => {
    const x = makeTensor(
      'fp32',
      [20],
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const out = makeTensor('fp32', [20]);
    runKernel(masked.replace('OTHER', '-5.5').replace('EXTRA', '4'), {
      grid: [2],
      args: [x, out, 10],
      constexprs: { BLOCK: 8 },
    });
    expect(toNumbers(out).slice(8, 16)).toEqual([9, 10, -5.5, -5.5, -5.5, -5.5, 0, 0]);
  });

  it('reads 0 in masked-off lanes without other=', () => {
    const x = makeTensor('int32', [4], [5, 6, 7, 8]);
    const out = makeTensor('int32', [8], new Array(8).fill(-1));
    runKernel(masked.replace(', other=OTHER', '').replace('EXTRA', '4'), {
      grid: [1],
      args: [x, out, 2],
      constexprs: { BLOCK: 8 },
    });
    expect(toNumbers(out)).toEqual([5, 6, 0, 0, 0, 0, -1, -1]);
  });

  it('casts the stored value to the tensor dtype (fp32 into fp16 rounds)', () => {
    const out = makeTensor('fp16', [1]);
    runKernel(`${HEADER}@triton.jit\ndef s(o_ptr, v):\n    tl.store(o_ptr, v)\n`, {
      grid: [1],
      args: [out, floatArg(0.1)],
    });
    expect(toNumbers(out)).toEqual([0.0999755859375]);
  });
});

describe('reductions and scans', () => {
  it('keeps the first index of a tie in tl.argmax', () => {
    expect(valuesOf('i * 0 + tl.argmax(f, axis=0)', { f: [3, 7, 7, 1] }, 1)).toEqual([1]);
  });

  it('takes the max and min along an axis', () => {
    expect(
      valuesOf('i * 0 + tl.max(f, axis=0) * 100 + tl.min(f, axis=0)', { f: [3, 7, -2, 1] }, 1),
    ).toEqual([698]);
  });

  it('sums fp16 in fp16 (1 + 2^-11 rounds to 1 in any order)', () => {
    expect(valuesOf('h * 0 + tl.sum(h, axis=0)', { h: [1, 2 ** -11] }, 1)).toEqual([1]);
    expect(valuesOf('f * 0 + tl.sum(f, axis=0)', { f: [1, 2 ** -11] }, 1)).toEqual([1 + 2 ** -11]);
  });

  it('computes an inclusive prefix sum', () => {
    expect(valuesOf('tl.cumsum(i, axis=0)', { i: [1, 2, 3, 4] }, 5)).toEqual([1, 3, 6, 10, 10]);
  });
});

describe('math', () => {
  it.each([
    ['tl.exp(f)', [0, 1], [1, Math.E]],
    ['tl.exp2(f)', [3, -1], [8, 0.5]],
    ['tl.log(f)', [1, Math.E], [0, 1]],
    ['tl.sqrt(f)', [4, 2], [2, Math.SQRT2]],
    ['tl.rsqrt(f)', [4, 16], [0.5, 0.25]],
    ['tl.abs(f)', [-3, 2], [3, 2]],
    ['tl.sigmoid(f)', [0, 100], [0.5, 1]],
    ['tl.maximum(f, 1.0)', [0, 3], [1, 3]],
    ['tl.minimum(f, 1.0)', [0, 3], [0, 1]],
    ['tl.where(f > 0, 1.0, -1.0)', [5, -5], [1, -1]],
    ['-f', [5, -5], [-5, 5]],
  ])('%s', (expr, inputs, want) => {
    const got = valuesOf(expr, { f: inputs }, 2);
    got.forEach((g, i) => expect(g).toBeCloseTo(want[i] as number, 6));
  });
});

describe('tl.dot', () => {
  const dotKernel = (precision = '') => `${HEADER}@triton.jit
def d(a_ptr, b_ptr, c_ptr, K: tl.constexpr):
    r = tl.arange(0, 16)
    k = tl.arange(0, K)
    a = tl.load(a_ptr + r[:, None] * K + k[None, :])
    b = tl.load(b_ptr + k[:, None] * 16 + r[None, :])
    tl.store(c_ptr + r[:, None] * 16 + r[None, :], tl.dot(a, b${precision}))
`;

  it('accumulates fp16 products in fp32 (fp16 accumulation would round 1 + 2^-11 to 1)', () => {
    const k = 16;
    const a = makeTensor(
      'fp16',
      [16, k],
      Array.from({ length: 16 * k }, (_, i) => (i % k === 0 ? 1 : i % k === 1 ? 2 ** -11 : 0)),
    );
    const b = makeTensor('fp16', [k, 16], new Array(k * 16).fill(1));
    const c = makeTensor('fp32', [16, 16]);
    const run = runKernel(dotKernel(), { grid: [1], args: [a, b, c], constexprs: { K: k } });
    expect(toNumbers(c)).toEqual(new Array(256).fill(1 + 2 ** -11));
    expect(
      run.ir.body.some(
        (op) =>
          op.op === 'dot' && typeName(run.ir.types[op.out] as BlockType) === '<[16, 16], fp32>',
      ),
    ).toBe(true);
  });

  it('rounds fp32 inputs to tf32 only when asked', () => {
    const a = makeTensor('fp32', [16, 16], new Array(256).fill(1 + 2 ** -12));
    const b = makeTensor(
      'fp32',
      [16, 16],
      Array.from({ length: 256 }, (_, i) => (Math.floor(i / 16) === 0 ? 1 : 0)),
    );
    const ieee = makeTensor('fp32', [16, 16]);
    const tf32 = makeTensor('fp32', [16, 16]);
    runKernel(dotKernel(), { grid: [1], args: [a, b, ieee], constexprs: { K: 16 } });
    runKernel(dotKernel(', input_precision="tf32"'), {
      grid: [1],
      args: [a, b, tf32],
      constexprs: { K: 16 },
    });
    expect(toNumbers(ieee)[0]).toBe(1 + 2 ** -12);
    expect(toNumbers(tf32)[0]).toBe(1);
  });

  it('reads a transposed view through its strides', () => {
    const bt = makeTensor(
      'fp32',
      [16, 16],
      Array.from({ length: 256 }, (_, i) => i % 7),
    );
    const b = view(bt, [16, 16], [1, 16]);
    const a = makeTensor(
      'fp32',
      [16, 16],
      Array.from({ length: 256 }, (_, i) => (i % 17 === 0 ? 1 : 0)),
    );
    const c = makeTensor('fp32', [16, 16]);
    const source = dotKernel()
      .replace('k[:, None] * 16 + r[None, :]', 'k[:, None] * sbk + r[None, :] * sbn')
      .replace('c_ptr, K', 'c_ptr, sbk, sbn, K');
    runKernel(source, {
      grid: [1],
      args: [a, b, c, b.strides[0] as number, b.strides[1] as number],
      constexprs: { K: 16 },
    });
    const transposed = Array.from(
      { length: 256 },
      (_, i) => ((i % 16) * 16 + Math.floor(i / 16)) % 7,
    );
    expect(toNumbers(c)).toEqual(transposed);
  });
});

describe('atomics, grids and loops', () => {
  it('adds every lane of every program with tl.atomic_add, returning the old values', () => {
    const source = `${HEADER}@triton.jit
def hist(bins_ptr, old_ptr):
    offs = tl.arange(0, 16)
    old = tl.atomic_add(bins_ptr + offs % 4, 1)
    tl.store(old_ptr + tl.program_id(0) * 16 + offs, old)
`;
    const bins = makeTensor('int32', [4]);
    const old = makeTensor('int32', [48]);
    runKernel(source, { grid: [3], args: [bins, old] });
    expect(toNumbers(bins)).toEqual([12, 12, 12, 12]);
    expect(toNumbers(old).slice(0, 8)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
    expect(toNumbers(old).slice(40)).toEqual([10, 10, 10, 10, 11, 11, 11, 11]);
  });

  it('runs every program of a 3-D grid with its ids and sizes', () => {
    const source = `${HEADER}@triton.jit
def ids(out_ptr):
    x = tl.program_id(0)
    y = tl.program_id(1)
    z = tl.program_id(2)
    flat = (z * tl.num_programs(1) + y) * tl.num_programs(0) + x
    tl.store(out_ptr + flat, x + 10 * y + 100 * z + 1000 * tl.num_programs(2))
`;
    const out = makeTensor('int32', [12]);
    const run = runKernel(source, { grid: [3, 2, 2], args: [out] });
    expect(run.programs).toBe(12);
    expect(toNumbers(out)).toEqual([
      2000, 2001, 2002, 2010, 2011, 2012, 2100, 2101, 2102, 2110, 2111, 2112,
    ]);
  });

  const loop = (head: string) => `${HEADER}@triton.jit
def l(out_ptr, n):
    acc = 0
    ${head}
        acc += j
    tl.store(out_ptr, acc)
`;
  const loopValue = (head: string, n = 0) => {
    const out = makeTensor('int32', [1]);
    runKernel(loop(head), { grid: [1], args: [out, n] });
    return toNumbers(out)[0];
  };

  it('runs range loops with a negative step and with zero trips', () => {
    expect(loopValue('for j in range(10, 0, -3):')).toBe(10 + 7 + 4 + 1);
    expect(loopValue('for j in range(5, n):', 2)).toBe(0);
    expect(loopValue('for j in range(n):', 4)).toBe(6);
  });

  it('unrolls tl.static_range with a constexpr index', () => {
    expect(loopValue('for j in tl.static_range(1, 8, 2):')).toBe(16);
    const ir: KernelIR = compileKernel(loop('for j in tl.static_range(1, 8, 2):'), {
      args: [makeTensor('int32', [1]), 0],
    });
    expect(ir.body.some((op) => op.op === 'for')).toBe(false);
  });

  it('loads and stores through a scalar pointer', () => {
    const x = makeTensor('fp32', [3], [1, 2, 3]);
    runKernel(
      `${HEADER}@triton.jit\ndef s(x_ptr):\n    tl.store(x_ptr + 2, tl.load(x_ptr + 1) * 10)\n`,
      { grid: [1], args: [x] },
    );
    expect(toNumbers(x)).toEqual([1, 2, 20]);
  });
});
