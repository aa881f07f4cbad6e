/** Puzzles 4-8: one program per row, reductions along it, loops over column blocks. */
import { floatArg, makeTensor } from '../index';
import { HEADER, seedFor, sizeOf, uniform } from './data';
import type { TritonCase, TritonPuzzle, TritonSizes } from './types';

/** Rows of a rows × cols matrix held with row stride `stride`. */
function rowsOf(storage: readonly number[], rows: number, cols: number, stride: number) {
  return Array.from({ length: rows }, (_, r) => storage.slice(r * stride, r * stride + cols));
}

const rcCases = (list: readonly (readonly [number, number, string])[]): TritonCase[] =>
  list.map(([rows, cols, why]) => ({
    size: { rows, cols },
    label: `rows = ${rows}, cols = ${cols} (${why})`,
  }));

const rowGrid = (s: TritonSizes) => () => [sizeOf(s, 'rows')];

/** CPU reference: the sum of each row, in double. */
export function rowSums(rows: readonly (readonly number[])[]): number[] {
  return rows.map((r) => r.reduce((a, v) => a + v, 0));
}

/** Extra elements at the end of each row of the row-sum input: it is a slice of a wider matrix. */
const ROW_PAD = 3;

export const rowSum: TritonPuzzle = {
  id: 'row-sum',
  title: 'Row sum',
  idea: 'tl.sum and a loop over blocks',
  statement: [
    'Sum each row of a `rows × cols` fp32 matrix into `out[r]`. One program handles one row; rows can be longer than one block (`BLOCK_SIZE` = 32), so the program walks along its row block by block with a `for` loop over `range(0, n_cols, BLOCK_SIZE)`.',
    'The matrix is a slice of a wider one (`big[:, :cols]`), so a row starts `stride_row` elements after the one before, not `cols`. Keep a block-sized accumulator across the loop and reduce it once at the end with `tl.sum(acc, axis=0)`.',
  ],
  figure:
    'A matrix with rows of 40 values, cut into blocks of 32 along each row, with three unused cells at the end of every row greyed (the slice). A bracket under row 1 runs across both of its blocks into one cell of out.',
  launch: {
    grid: '(rows,)',
    constexprs: { BLOCK_SIZE: 32 },
    args: [
      {
        name: 'x_ptr',
        kind: 'tensor',
        shape: 'fp32 [rows, cols], strides (cols + 3, 1)',
        role: 'input',
        note: 'a slice of a wider matrix',
      },
      { name: 'out_ptr', kind: 'tensor', shape: 'fp32 [rows]', role: 'output', note: 'row sums' },
      { name: 'n_cols', kind: 'int', shape: 'cols', role: 'input', note: 'values per row' },
      { name: 'stride_row', kind: 'int', shape: 'x.stride(0)', role: 'input', note: 'cols + 3' },
    ],
  },
  grid: rowGrid,
  workingSize: { rows: 16384, cols: 4096 },
  timedSize: { rows: 1024, cols: 256 },
  work: (s) => ({
    kind: 'reduction',
    valuesRead: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
    valuesWritten: sizeOf(s, 'rows'),
    flops: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
  }),
  prepare: (s) => {
    const rows = sizeOf(s, 'rows');
    const cols = sizeOf(s, 'cols');
    const stride = cols + ROW_PAD;
    const storage = uniform(seedFor(0x4d, s), rows * stride, -1, 1);
    const out = makeTensor('fp32', [rows]);
    return {
      args: [makeTensor('fp32', [rows * stride], storage), out, cols, stride],
      outputs: [
        { name: 'out', tensor: out, expected: rowSums(rowsOf(storage, rows, cols, stride)) },
      ],
    };
  },
  cases: rcCases([
    [1, 1, 'one value'],
    [3, 20, 'rows shorter than a block'],
    [4, 33, 'rows one past a block'],
    [5, 100, 'four blocks per row, the last part full'],
  ]),
  tolerance: { absolute: 1e-5, relative: 1e-5 },
  starter: `${HEADER}

@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(x, axis=0))
`,
  starterBug: 'only the first block of each row is summed',
  hints: [
    'Rows of up to 32 values come out right; longer rows are short of something.',
    'The starter reads one block per row. Loop: `for start in range(0, n_cols, BLOCK_SIZE):` with `cols = start + tl.arange(0, BLOCK_SIZE)`.',
    'Make `acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)` before the loop, add each masked block to it, and store `tl.sum(acc, axis=0)` after.',
  ],
  solution: `${HEADER}

@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    row_ptr = x_ptr + row * stride_row
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        # Lanes past the row add 0.
        acc += tl.load(row_ptr + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))
`,
};

/** CPU reference: each row's largest value and the first index holding it. */
export function rowMaxArgmax(rows: readonly (readonly number[])[]): {
  max: number[];
  index: number[];
} {
  const max: number[] = [];
  const index: number[] = [];
  for (const r of rows) {
    let best = 0;
    r.forEach((v, i) => {
      if (v > (r[best] as number)) best = i;
    });
    max.push(r[best] as number);
    index.push(best);
  }
  return { max, index };
}

/** Rows of at most one block, with even rows all negative. */
function negativeRows(seed: number, rows: number, cols: number): number[] {
  const values = uniform(seed, rows * cols, -2, 2);
  return values.map((v, i) => (Math.floor(i / cols) % 2 === 0 ? Math.fround(v - 3) : v));
}

export const rowArgmax: TritonPuzzle = {
  id: 'row-argmax',
  title: 'Row max and argmax',
  idea: 'tl.max, tl.argmax and what masked lanes hold',
  statement: [
    'For each row of a `rows × cols` fp32 matrix, store its largest value in `max_out[r]` and the column where it first occurs in `idx_out[r]` (int32), as `x.max(dim=1)` does. One program per row; every row fits in one block of `BLOCK_SIZE` = 64 (`cols` ≤ 64).',
    'The block is usually wider than the row. Whatever the masked-off lanes read takes part in `tl.max` and `tl.argmax` like real data, so choose `other=` so that it can never win. Half of the rows here are entirely negative.',
  ],
  figure:
    'One row of 5 negative values (−2.1, −0.4, −3.0, −1.2, −0.9) padded to a block of 8, the three padded lanes shown first holding 0 (and winning, wrongly) and then holding −inf, with the winner −0.4 at column 1 circled.',
  launch: {
    grid: '(rows,)',
    constexprs: { BLOCK_SIZE: 64 },
    args: [
      { name: 'x_ptr', kind: 'tensor', shape: 'fp32 [rows, cols]', role: 'input', note: 'data' },
      { name: 'max_out', kind: 'tensor', shape: 'fp32 [rows]', role: 'output', note: 'maxima' },
      { name: 'idx_out', kind: 'tensor', shape: 'int32 [rows]', role: 'output', note: 'columns' },
      { name: 'n_cols', kind: 'int', shape: 'cols', role: 'input', note: 'at most 64' },
      { name: 'stride_row', kind: 'int', shape: 'x.stride(0)', role: 'input', note: 'cols' },
    ],
  },
  grid: rowGrid,
  workingSize: { rows: 65536, cols: 64 },
  timedSize: { rows: 4096, cols: 64 },
  work: (s) => ({
    kind: 'reduction',
    valuesRead: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
    valuesWritten: 2 * sizeOf(s, 'rows'),
    flops: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
  }),
  prepare: (s) => {
    const rows = sizeOf(s, 'rows');
    const cols = sizeOf(s, 'cols');
    const values = negativeRows(seedFor(0x5e, s), rows, cols);
    const maxOut = makeTensor('fp32', [rows]);
    const idxOut = makeTensor('int32', [rows]);
    const expected = rowMaxArgmax(rowsOf(values, rows, cols, cols));
    return {
      args: [makeTensor('fp32', [rows, cols], values), maxOut, idxOut, cols, cols],
      outputs: [
        { name: 'max_out', tensor: maxOut, expected: expected.max },
        { name: 'idx_out', tensor: idxOut, expected: expected.index },
      ],
    };
  },
  cases: rcCases([
    [2, 1, 'one value per row'],
    [4, 7, 'rows much shorter than the block'],
    [5, 37, 'rows of a prime length'],
    [3, 64, 'rows exactly one block'],
  ]),
  tolerance: { absolute: 0, relative: 0 },
  starter: `${HEADER}

@triton.jit
def row_argmax_kernel(x_ptr, max_out, idx_out, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=0.0)
    tl.store(max_out + row, tl.max(x, axis=0))
    tl.store(idx_out + row, tl.argmax(x, axis=0))
`,
  starterBug: 'masked lanes read 0, which beats every value of an all-negative row',
  hints: [
    'The odd rows are right and the even rows, all negative, report 0 at a column past the end of the row.',
    'A masked-off lane of `tl.load` holds `other=`, here 0.0, and 0 is larger than anything in a negative row.',
    "Fill the padding with the identity of max: `other=-float('inf')`.",
  ],
  solution: `${HEADER}

@triton.jit
def row_argmax_kernel(x_ptr, max_out, idx_out, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    # Padding lanes hold -inf, which no real value loses to.
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=-float('inf'))
    tl.store(max_out + row, tl.max(x, axis=0))
    tl.store(idx_out + row, tl.argmax(x, axis=0))
`,
};

/** CPU reference: softmax of each row, in double. */
export function softmaxOfRows(rows: readonly (readonly number[])[]): number[] {
  return rows.flatMap((r) => {
    const m = Math.max(...r);
    const e = r.map((v) => Math.exp(v - m));
    const total = e.reduce((a, v) => a + v, 0);
    return e.map((v) => v / total);
  });
}

/** Softmax input: rows in threes, small (±3), large (20 to 140) and large negative (−140 to −20). */
function softmaxInput(seed: number, rows: number, cols: number): number[] {
  const values = uniform(seed, rows * cols, -1, 1);
  const shift = [0, 80, -80];
  const spread = [3, 60, 60];
  return values.map((v, i) => {
    const kind = Math.floor(i / cols) % 3;
    return Math.fround(v * (spread[kind] as number) + (shift[kind] as number));
  });
}

export const fusedSoftmax: TritonPuzzle = {
  id: 'fused-softmax',
  title: 'Fused softmax',
  idea: 'max, exp and sum in one pass over a row',
  statement: [
    'Compute `torch.softmax(x, dim=1)` for a `rows × cols` fp32 matrix: `out[r, j] = exp(x[r, j]) / Σ_k exp(x[r, k])`. One program per row, the whole row in one block of `BLOCK_SIZE` = 64 (`cols` ≤ 64), read once and written once: that is the fusion PyTorch’s eager mode cannot do.',
    'Some rows here hold values between 20 and 140, others between −140 and −20. `exp(89)` is already past the largest fp32, so the formula as written overflows to inf and then NaN. Subtracting the row maximum first gives the same result with every exponent at most 0.',
  ],
  figure:
    'A row 100, 101, 102 drawn three times: as x, as x − max (−2, −1, 0), and as probabilities (0.090, 0.245, 0.665), with a red note beside exp(102) saying "overflows fp32".',
  launch: {
    grid: '(rows,)',
    constexprs: { BLOCK_SIZE: 64 },
    args: [
      { name: 'x_ptr', kind: 'tensor', shape: 'fp32 [rows, cols]', role: 'input', note: 'logits' },
      {
        name: 'out_ptr',
        kind: 'tensor',
        shape: 'fp32 [rows, cols]',
        role: 'output',
        note: 'probabilities',
      },
      { name: 'n_cols', kind: 'int', shape: 'cols', role: 'input', note: 'at most 64' },
      { name: 'stride_x', kind: 'int', shape: 'x.stride(0)', role: 'input', note: 'cols' },
      { name: 'stride_out', kind: 'int', shape: 'out.stride(0)', role: 'input', note: 'cols' },
    ],
  },
  grid: rowGrid,
  workingSize: { rows: 65536, cols: 64 },
  timedSize: { rows: 4096, cols: 64 },
  // Per value: the max, the subtraction, exp, the sum and the division.
  work: (s) => ({
    kind: 'reduction',
    valuesRead: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
    valuesWritten: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
    flops: 5 * sizeOf(s, 'rows') * sizeOf(s, 'cols'),
  }),
  prepare: (s) => {
    const rows = sizeOf(s, 'rows');
    const cols = sizeOf(s, 'cols');
    const values = softmaxInput(seedFor(0x6f, s), rows, cols);
    const out = makeTensor('fp32', [rows, cols]);
    return {
      args: [makeTensor('fp32', [rows, cols], values), out, cols, cols, cols],
      outputs: [
        { name: 'out', tensor: out, expected: softmaxOfRows(rowsOf(values, rows, cols, cols)) },
      ],
    };
  },
  cases: rcCases([
    [1, 1, 'one value'],
    [3, 10, 'short rows, two of them large'],
    [6, 37, 'rows of a prime length'],
    [4, 64, 'rows exactly one block'],
  ]),
  tolerance: { absolute: 1e-7, relative: 1e-5 },
  starter: `${HEADER}

@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, stride_x, stride_out, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=-float('inf'))
    num = tl.exp(x)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * stride_out + cols, num / den, mask=mask)
`,
  starterBug: 'no max subtraction: rows with large values overflow to inf and NaN',
  hints: [
    'Small rows are right; the rows with large values come out as NaN or 0.',
    'exp of anything above about 88.7 is inf in fp32, and inf / inf is NaN.',
    'Subtract `tl.max(x, axis=0)` from `x` before `tl.exp`. The padding lanes read -inf, so they cannot be the maximum and exp turns them into 0.',
  ],
  solution: `${HEADER}

@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, stride_x, stride_out, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=-float('inf'))
    # Shift so the largest exponent is 0: same result, no overflow.
    z = x - tl.max(x, axis=0)
    num = tl.exp(z)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * stride_out + cols, num / den, mask=mask)
`,
};

/** CPU reference: layer norm of each row with weight and bias, in double. */
export function layerNormOfRows(
  rows: readonly (readonly number[])[],
  w: readonly number[],
  b: readonly number[],
  eps: number,
): number[] {
  return rows.flatMap((r) => {
    const mean = r.reduce((a, v) => a + v, 0) / r.length;
    const variance = r.reduce((a, v) => a + (v - mean) ** 2, 0) / r.length;
    const rstd = 1 / Math.sqrt(variance + eps);
    return r.map((v, i) => (v - mean) * rstd * (w[i] as number) + (b[i] as number));
  });
}

const EPS = 1e-5;

export const layerNorm: TritonPuzzle = {
  id: 'layer-norm',
  title: 'Layer norm',
  idea: 'two reductions over blocks, and padding that must not count',
  statement: [
    'Normalize each row of a `rows × cols` fp32 matrix as `torch.nn.functional.layer_norm` does: `y = (x − mean) / sqrt(var + eps) * w + b`, with the mean and the (biased) variance over the row, `eps` = 1e-5, and `w` and `b` of length `cols`.',
    'One program per row; rows are longer than a block (`BLOCK_SIZE` = 16), so loop over the row three times: once for the mean, once for the variance, once to write. The rows here do not average to zero, so a padding lane that slips into the variance sum changes the answer.',
  ],
  figure:
    'One row of 20 values in two blocks of 16, with the 12 padding lanes of the second block hatched. Three arrows run along the row, labelled "pass 1: mean", "pass 2: variance" and "pass 3: write y"; a callout on the hatched lanes reads "(0 − mean)² is not 0".',
  launch: {
    grid: '(rows,)',
    constexprs: { BLOCK_SIZE: 16 },
    args: [
      { name: 'x_ptr', kind: 'tensor', shape: 'fp32 [rows, cols]', role: 'input', note: 'input' },
      { name: 'y_ptr', kind: 'tensor', shape: 'fp32 [rows, cols]', role: 'output', note: 'output' },
      { name: 'w_ptr', kind: 'tensor', shape: 'fp32 [cols]', role: 'input', note: 'weight' },
      { name: 'b_ptr', kind: 'tensor', shape: 'fp32 [cols]', role: 'input', note: 'bias' },
      { name: 'stride', kind: 'int', shape: 'x.stride(0)', role: 'input', note: 'cols' },
      { name: 'N', kind: 'int', shape: 'cols', role: 'input', note: 'values per row' },
      { name: 'eps', kind: 'float', shape: 'scalar', role: 'input', note: '1e-5' },
    ],
  },
  grid: rowGrid,
  workingSize: { rows: 16384, cols: 4096 },
  timedSize: { rows: 1024, cols: 256 },
  // x is read once from memory (a row's three passes hit the cache), w and b once per row.
  work: (s) => ({
    kind: 'reduction',
    valuesRead: sizeOf(s, 'rows') * sizeOf(s, 'cols') + 2 * sizeOf(s, 'cols'),
    valuesWritten: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
    flops: 8 * sizeOf(s, 'rows') * sizeOf(s, 'cols'),
  }),
  prepare: (s) => {
    const rows = sizeOf(s, 'rows');
    const cols = sizeOf(s, 'cols');
    const seed = seedFor(0x70, s);
    const values = uniform(seed, rows * cols, -1.5, 3);
    const w = uniform(seed + 1, cols, -2, 2);
    const b = uniform(seed + 2, cols, -1, 1);
    const y = makeTensor('fp32', [rows, cols]);
    return {
      args: [
        makeTensor('fp32', [rows, cols], values),
        y,
        makeTensor('fp32', [cols], w),
        makeTensor('fp32', [cols], b),
        cols,
        cols,
        floatArg(EPS),
      ],
      outputs: [
        {
          name: 'y',
          tensor: y,
          expected: layerNormOfRows(rowsOf(values, rows, cols, cols), w, b, EPS),
        },
      ],
    };
  },
  cases: rcCases([
    [2, 5, 'rows shorter than a block'],
    [3, 17, 'one past a block'],
    [2, 50, 'four blocks, the last part full'],
  ]),
  tolerance: { absolute: 1e-4, relative: 1e-4 },
  starter: `${HEADER}

@triton.jit
def layer_norm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * stride
    y_row = y_ptr + row * stride
    total = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        total += tl.load(x_row + cols, mask=cols < N, other=0.0)
    mean = tl.sum(total, axis=0) / N
    sq = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        d = tl.load(x_row + cols, mask=cols < N, other=0.0) - mean
        sq += d * d
    rstd = 1 / tl.sqrt(tl.sum(sq, axis=0) / N + eps)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        x = tl.load(x_row + cols, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=mask)
        b = tl.load(b_ptr + cols, mask=mask)
        tl.store(y_row + cols, (x - mean) * rstd * w + b, mask=mask)
`,
  starterBug: 'the padding lanes add (0 − mean)² to the variance',
  hints: [
    'The mean is right: the padding lanes read 0 and add nothing to the sum. Look at the second loop.',
    'In the variance loop a padding lane holds `0 - mean`, which is not 0, so its square is counted.',
    'Zero the padding after subtracting: `d = tl.where(cols < N, x - mean, 0.0)`.',
  ],
  solution: `${HEADER}

@triton.jit
def layer_norm_kernel(x_ptr, y_ptr, w_ptr, b_ptr, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * stride
    y_row = y_ptr + row * stride
    # Pass 1: the mean.
    total = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        total += tl.load(x_row + cols, mask=cols < N, other=0.0)
    mean = tl.sum(total, axis=0) / N
    # Pass 2: the variance, with the padding lanes forced to 0.
    sq = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_row + cols, mask=cols < N, other=0.0)
        d = tl.where(cols < N, x - mean, 0.0)
        sq += d * d
    rstd = 1 / tl.sqrt(tl.sum(sq, axis=0) / N + eps)
    # Pass 3: normalize, scale and shift.
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        x = tl.load(x_row + cols, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=mask)
        b = tl.load(b_ptr + cols, mask=mask)
        tl.store(y_row + cols, (x - mean) * rstd * w + b, mask=mask)
`,
};

/** CPU reference: the inclusive running sum along each row, in double. */
export function rowPrefixSums(rows: readonly (readonly number[])[]): number[] {
  return rows.flatMap((r) => {
    let run = 0;
    return r.map((v) => (run += v));
  });
}

export const rowCumsum: TritonPuzzle = {
  id: 'row-cumsum',
  title: 'Prefix sum along rows',
  idea: 'tl.cumsum and a carry between blocks',
  statement: [
    'Write the inclusive running sum of each row: `out[r, j] = x[r, 0] + … + x[r, j]`, which is `torch.cumsum(x, dim=1)`. One program per row, walking along it in blocks of `BLOCK_SIZE` = 16.',
    '`tl.cumsum(block, axis=0)` scans one block. Every block after the first must also add the total of all the blocks before it, so keep that running total (a carry) in a variable across loop iterations.',
  ],
  figure:
    'A row of 20 values as two blocks. Under the first block its scan; under the second its own scan plus a carried value drawn as an arrow from the last cell of the first block’s scan.',
  launch: {
    grid: '(rows,)',
    constexprs: { BLOCK_SIZE: 16 },
    args: [
      { name: 'x_ptr', kind: 'tensor', shape: 'fp32 [rows, cols]', role: 'input', note: 'values' },
      {
        name: 'out_ptr',
        kind: 'tensor',
        shape: 'fp32 [rows, cols]',
        role: 'output',
        note: 'running sums',
      },
      { name: 'n_cols', kind: 'int', shape: 'cols', role: 'input', note: 'values per row' },
      { name: 'stride_row', kind: 'int', shape: 'x.stride(0)', role: 'input', note: 'cols' },
    ],
  },
  grid: rowGrid,
  workingSize: { rows: 16384, cols: 4096 },
  timedSize: { rows: 1024, cols: 256 },
  work: (s) => ({
    kind: 'reduction',
    valuesRead: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
    valuesWritten: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
    flops: sizeOf(s, 'rows') * sizeOf(s, 'cols'),
  }),
  prepare: (s) => {
    const rows = sizeOf(s, 'rows');
    const cols = sizeOf(s, 'cols');
    const values = uniform(seedFor(0x81, s), rows * cols, -1, 2);
    const out = makeTensor('fp32', [rows, cols]);
    return {
      args: [makeTensor('fp32', [rows, cols], values), out, cols, cols],
      outputs: [
        { name: 'out', tensor: out, expected: rowPrefixSums(rowsOf(values, rows, cols, cols)) },
      ],
    };
  },
  cases: rcCases([
    [1, 1, 'one value'],
    [2, 9, 'rows shorter than a block'],
    [3, 17, 'one past a block'],
    [2, 40, 'three blocks, the last part full'],
  ]),
  tolerance: { absolute: 1e-4, relative: 1e-5 },
  starter: `${HEADER}

@triton.jit
def cumsum_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_row + cols, mask=mask, other=0.0)
        tl.store(out_ptr + row * stride_row + cols, tl.cumsum(x, axis=0), mask=mask)
`,
  starterBug: 'each block restarts from 0: there is no carry between blocks',
  hints: [
    'The first 16 values of every row are right; from column 16 on the sums start over.',
    'Before the loop set `carry = 0.0`; add it to each block’s scan before storing.',
    'After storing, grow it by the block’s total: `carry += tl.sum(x, axis=0)` (the padding lanes read 0, so they add nothing).',
  ],
  solution: `${HEADER}

@triton.jit
def cumsum_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    carry = 0.0  # the sum of every block before this one
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_row + cols, mask=mask, other=0.0)
        tl.store(out_ptr + row * stride_row + cols, tl.cumsum(x, axis=0) + carry, mask=mask)
        carry += tl.sum(x, axis=0)
`,
};
