/** Puzzles 1-3: one element per lane, masks, scalar arguments, 2-D blocks and strides. */
import { floatArg, makeTensor, view } from '../index';
import { HEADER, cdiv, seedFor, sizeOf, uniform } from './data';
import type { TritonCase, TritonPuzzle } from './types';

const BLOCK = 128;

/** CPU reference: x + y, each sum rounded to fp32. */
export function addVectors(x: readonly number[], y: readonly number[]): number[] {
  return x.map((v, i) => Math.fround(v + (y[i] as number)));
}

const nCases = (list: readonly (readonly [number, string])[]): TritonCase[] =>
  list.map(([n, why]) => ({ size: { n }, label: `n = ${n} (${why})` }));

export const vectorAdd: TritonPuzzle = {
  id: 'vector-add',
  title: 'Vector add',
  idea: 'program ids, offsets and a mask',
  statement: [
    'Write `out[i] = x[i] + y[i]` for the `n` elements of two fp32 vectors. Each program instance handles one block of `BLOCK_SIZE` = 128 consecutive elements, and the grid launches `cdiv(n, BLOCK_SIZE)` of them.',
    'Program `pid` owns elements `pid * BLOCK_SIZE` up to `pid * BLOCK_SIZE + BLOCK_SIZE - 1`. The last block usually sticks out past `n`: its extra lanes must neither read nor write, which is what the `mask=` argument of `tl.load` and `tl.store` is for.',
  ],
  figure:
    'Three rows of cells (x, y, out) of 10 elements, cut into blocks of 4 by thick lines and coloured by program (0, 1, 2). The third block has two lanes past the end drawn hatched, with the label "mask = offsets < n: these lanes do nothing".',
  launch: {
    grid: "lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)",
    constexprs: { BLOCK_SIZE: BLOCK },
    args: [
      { name: 'x_ptr', kind: 'tensor', shape: 'fp32 [n]', role: 'input', note: 'first addend' },
      { name: 'y_ptr', kind: 'tensor', shape: 'fp32 [n]', role: 'input', note: 'second addend' },
      { name: 'out_ptr', kind: 'tensor', shape: 'fp32 [n]', role: 'output', note: 'the sums' },
      { name: 'n_elements', kind: 'int', shape: 'n', role: 'input', note: 'elements to add' },
    ],
  },
  grid: (s) => (meta) => [cdiv(sizeOf(s, 'n'), meta.BLOCK_SIZE as number)],
  workingSize: { n: 1 << 24 },
  timedSize: { n: 262_144 },
  work: (s) => ({
    kind: 'elementwise',
    valuesRead: 2 * sizeOf(s, 'n'),
    valuesWritten: sizeOf(s, 'n'),
    flops: sizeOf(s, 'n'),
  }),
  prepare: (s) => {
    const n = sizeOf(s, 'n');
    const seed = seedFor(0x1a, s);
    const xs = uniform(seed, n, -10, 10);
    const ys = uniform(seed + 1, n, -10, 10);
    const out = makeTensor('fp32', [n]);
    return {
      args: [makeTensor('fp32', [n], xs), makeTensor('fp32', [n], ys), out, n],
      outputs: [{ name: 'out', tensor: out, expected: addVectors(xs, ys) }],
    };
  },
  cases: nCases([
    [1, 'a single element'],
    [100, 'less than one block'],
    [129, 'one past a block'],
    [1000, 'eight blocks, the last one part full'],
  ]),
  tolerance: { absolute: 0, relative: 0 },
  starter: `${HEADER}

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)
`,
  starterBug: 'every program works on block 0: the offsets ignore the program id',
  hints: [
    'Small vectors pass and larger ones fail from element 128 on. Which elements does program 1 touch?',
    'Every program computes the same `offsets`. The program id `pid` is read but never used.',
    'Start each block at `pid * BLOCK_SIZE`: `offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)`.',
  ],
  solution: `${HEADER}

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    # This program's block of element indices.
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    # Lanes past the end of the vectors stay idle.
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)
`,
};

/** CPU reference: x * scale + shift, rounded to fp32 after each operation as the kernel does. */
export function scaleShift(x: readonly number[], scale: number, shift: number): number[] {
  return x.map((v) => Math.fround(Math.fround(v * scale) + shift));
}

const SCALE = -2.5;
const SHIFT = 0.75;

export const scaleAndShift: TritonPuzzle = {
  id: 'scale-shift',
  title: 'Scale and shift',
  idea: 'scalar arguments and masked loads',
  statement: [
    'Compute `out[i] = x[i] * scale + shift` over `n` fp32 elements, where `scale` and `shift` are plain Python floats passed to the kernel (the checker uses -2.5 and 0.75). A scalar argument reaches every lane of the block unchanged: Triton broadcasts it.',
    'Blocks are `BLOCK_SIZE` = 64 elements. A load past the end of a tensor is a bug even when its result is thrown away; on a GPU it may read another tensor or fault, and here the run stops and names the line and offset.',
  ],
  figure:
    'A row of x cells, an arrow through a box labelled "× scale + shift" into a row of out cells. The final block is drawn wider than the data, its overhanging lanes crossed out.',
  launch: {
    grid: "lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)",
    constexprs: { BLOCK_SIZE: 64 },
    args: [
      { name: 'x_ptr', kind: 'tensor', shape: 'fp32 [n]', role: 'input', note: 'values in' },
      { name: 'out_ptr', kind: 'tensor', shape: 'fp32 [n]', role: 'output', note: 'values out' },
      { name: 'scale', kind: 'float', shape: 'scalar', role: 'input', note: 'the factor' },
      { name: 'shift', kind: 'float', shape: 'scalar', role: 'input', note: 'the offset' },
      { name: 'n_elements', kind: 'int', shape: 'n', role: 'input', note: 'elements' },
    ],
  },
  grid: (s) => (meta) => [cdiv(sizeOf(s, 'n'), meta.BLOCK_SIZE as number)],
  workingSize: { n: 1 << 24 },
  timedSize: { n: 262_144 },
  work: (s) => ({
    kind: 'elementwise',
    valuesRead: sizeOf(s, 'n'),
    valuesWritten: sizeOf(s, 'n'),
    flops: 2 * sizeOf(s, 'n'),
  }),
  prepare: (s) => {
    const n = sizeOf(s, 'n');
    const xs = uniform(seedFor(0x2b, s), n, -4, 4);
    const out = makeTensor('fp32', [n]);
    return {
      args: [makeTensor('fp32', [n], xs), out, floatArg(SCALE), floatArg(SHIFT), n],
      outputs: [{ name: 'out', tensor: out, expected: scaleShift(xs, SCALE, SHIFT) }],
    };
  },
  cases: nCases([
    [64, 'exactly one block'],
    [1, 'a single element'],
    [63, 'one short of a block'],
    [300, 'five blocks, the last part full'],
  ]),
  tolerance: { absolute: 0, relative: 0 },
  starter: `${HEADER}

@triton.jit
def scale_shift_kernel(x_ptr, out_ptr, scale, shift, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets)
    tl.store(out_ptr + offsets, x * scale + shift)
`,
  starterBug: 'no mask: the last block reads and writes past the end',
  hints: [
    'A full block passes; the run stops at n = 1 with a load past the end of `x_ptr`.',
    'Build a mask from the offsets and the element count: `mask = offsets < n_elements`.',
    'Pass it to both calls: `tl.load(..., mask=mask)` and `tl.store(..., mask=mask)`.',
  ],
  solution: `${HEADER}

@triton.jit
def scale_shift_kernel(x_ptr, out_ptr, scale, shift, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    # scale and shift are scalars; Triton broadcasts them over the block.
    tl.store(out_ptr + offsets, x * scale + shift, mask=mask)
`,
};

/** CPU reference: out[i][j] = x[i][j] + b[j] for x given by its storage and strides. */
export function addRowVector(
  storage: readonly number[],
  b: readonly number[],
  m: number,
  n: number,
  strideM: number,
  strideN: number,
): number[] {
  const out: number[] = [];
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++)
      out.push(Math.fround((storage[i * strideM + j * strideN] as number) + (b[j] as number)));
  return out;
}

const mnCases = (list: readonly (readonly [number, number, string])[]): TritonCase[] =>
  list.map(([m, n, why]) => ({ size: { m, n }, label: `m = ${m}, n = ${n} (${why})` }));

export const add2d: TritonPuzzle = {
  id: 'add-2d',
  title: '2-D add with strides',
  idea: '2-D blocks, [:, None] and strides',
  statement: [
    'Add a bias vector `b` of length `n` to every row of an `m × n` matrix `x`: `out[i, j] = x[i, j] + b[j]`. The grid is 2-D: program `(pid_m, pid_n)` owns a `BLOCK_M × BLOCK_N` tile (8 × 8).',
    'Here `x` is a transposed view (`x = t.t()` in PyTorch), so its rows are not contiguous: element `(i, j)` lives at `i * stride_xm + j * stride_xn`. Build the tile of pointers from a column of row offsets (`offs_m[:, None]`) and a row of column offsets (`offs_n[None, :]`), which broadcast to the whole tile. `out` is contiguous with row stride `stride_om`.',
  ],
  figure:
    'An m × n grid cut into 8 × 8 tiles, one tile shaded for program (1, 0). Beside it, the column vector offs_m[:, None] and the row vector offs_n[None, :] meeting in the tile, and the memory of x drawn as a strip where a row of x is spread out, consecutive elements of a row stride_xn = m apart.',
  launch: {
    grid: "lambda meta: (triton.cdiv(m, meta['BLOCK_M']), triton.cdiv(n, meta['BLOCK_N']))",
    constexprs: { BLOCK_M: 8, BLOCK_N: 8 },
    args: [
      {
        name: 'x_ptr',
        kind: 'tensor',
        shape: 'fp32 [m, n], strides (1, m)',
        role: 'input',
        note: 'a transposed view',
      },
      { name: 'b_ptr', kind: 'tensor', shape: 'fp32 [n]', role: 'input', note: 'the bias row' },
      { name: 'out_ptr', kind: 'tensor', shape: 'fp32 [m, n]', role: 'output', note: 'x + b' },
      { name: 'M', kind: 'int', shape: 'm', role: 'input', note: 'rows' },
      { name: 'N', kind: 'int', shape: 'n', role: 'input', note: 'columns' },
      { name: 'stride_xm', kind: 'int', shape: 'x.stride(0)', role: 'input', note: '1 here' },
      { name: 'stride_xn', kind: 'int', shape: 'x.stride(1)', role: 'input', note: 'm here' },
      { name: 'stride_om', kind: 'int', shape: 'out.stride(0)', role: 'input', note: 'n' },
    ],
  },
  grid: (s) => (meta) => [
    cdiv(sizeOf(s, 'm'), meta.BLOCK_M as number),
    cdiv(sizeOf(s, 'n'), meta.BLOCK_N as number),
  ],
  workingSize: { m: 4096, n: 4096 },
  timedSize: { m: 512, n: 512 },
  work: (s) => {
    const cells = sizeOf(s, 'm') * sizeOf(s, 'n');
    return {
      kind: 'elementwise',
      valuesRead: cells + sizeOf(s, 'n'),
      valuesWritten: cells,
      flops: cells,
    };
  },
  prepare: (s) => {
    const m = sizeOf(s, 'm');
    const n = sizeOf(s, 'n');
    const seed = seedFor(0x3c, s);
    // Storage of an n × m matrix t; x = t.t() is m × n with strides (1, m).
    const storage = uniform(seed, m * n, -5, 5);
    const bs = uniform(seed + 1, n, -5, 5);
    const x = view(makeTensor('fp32', [n, m], storage), [m, n], [1, m]);
    const out = makeTensor('fp32', [m, n]);
    return {
      args: [x, makeTensor('fp32', [n], bs), out, m, n, 1, m, n],
      outputs: [{ name: 'out', tensor: out, expected: addRowVector(storage, bs, m, n, 1, m) }],
    };
  },
  cases: mnCases([
    [1, 1, 'one element'],
    [3, 5, 'smaller than a tile'],
    [9, 17, 'one past a tile down, two past across'],
    [20, 7, 'three tiles down, a thin column'],
  ]),
  tolerance: { absolute: 0, relative: 0 },
  starter: `${HEADER}

@triton.jit
def add_bias_kernel(x_ptr, b_ptr, out_ptr, M, N, stride_xm, stride_xn, stride_om,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs_m[:, None] * N + offs_n[None, :], mask=mask)
    b = tl.load(b_ptr + offs_n, mask=offs_n < N)
    tl.store(out_ptr + offs_m[:, None] * stride_om + offs_n[None, :], x + b[None, :], mask=mask)
`,
  starterBug: 'x is read as if it were contiguous (row stride N, column stride 1)',
  hints: [
    'The 1 × 1 case passes and the rest fail: the values read from `x` are the wrong ones, though every read stays inside it.',
    '`offs_m[:, None] * N + offs_n[None, :]` is where element (i, j) would be in a contiguous matrix. This `x` is a transposed view.',
    'Use the strides the launch passes: `x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :] * stride_xn`.',
  ],
  solution: `${HEADER}

@triton.jit
def add_bias_kernel(x_ptr, b_ptr, out_ptr, M, N, stride_xm, stride_xn, stride_om,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    # A column of rows and a row of columns broadcast to a BLOCK_M x BLOCK_N tile.
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x_ptrs = x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :] * stride_xn
    x = tl.load(x_ptrs, mask=mask)
    b = tl.load(b_ptr + offs_n, mask=offs_n < N)
    out_ptrs = out_ptr + offs_m[:, None] * stride_om + offs_n[None, :]
    tl.store(out_ptrs, x + b[None, :], mask=mask)
`,
};
