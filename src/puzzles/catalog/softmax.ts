/** Puzzle 11: a numerically stable softmax of each row, one workgroup per row. */
import type { Puzzle, PuzzleCase } from '../types';
import { field, floats, WORD_BYTES } from './shared';
import { describeWork } from './work';
import { entryPoint, needsWorkgroupVar } from './wgsl';
import { f32Input, f32Output } from './buffers';

const WG = 64;
/** Inputs reach ±128: exp(128) overflows f32, so only the stable form passes. */
const SCALE = 16;

/** Softmax of each row of a rows × cols matrix, computed in doubles and rounded to f32. */
export function rowSoftmax(a: Float32Array, rows: number, cols: number): Float32Array {
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const row = a.subarray(r * cols, (r + 1) * cols);
    const max = Math.max(...row);
    let total = 0;
    for (const x of row) total += Math.exp(x - max);
    row.forEach((x, c) => (out[r * cols + c] = Math.exp(x - max) / total));
  }
  return out;
}

const CASES: PuzzleCase[] = (
  [
    [1, 1, 'one element'],
    [1, 7, 'one short row'],
    [3, 64, 'rows of exactly one workgroup'],
    [2, 65, 'rows one past a workgroup'],
    [5, 131, 'rows of a prime length'],
    [17, 3, 'many rows shorter than a workgroup'],
  ] as const
).map(([rows, cols, why]) => ({ size: { rows, cols }, label: `${rows} × ${cols}: ${why}` }));

export const softmax: Puzzle = {
  id: 'softmax',
  title: 'Row softmax',
  idea: 'two reductions and a stable exponent',
  statement: [
    'Each row of `a` (`size.rows` rows of `size.cols` values) becomes a probability distribution: `out[r][c] = exp(a[r][c]) / Σ exp(a[r][j])` over the row, which is `torch.softmax(a, dim=1)`.',
    'The values here reach ±128, and `exp(128)` is far beyond the largest f32 (about 3.4e38): computed as written, sums overflow to infinity and the results turn into NaN. Subtracting the row’s maximum first changes nothing mathematically and keeps every exponent at or below 0.',
    'One workgroup of `WG` = 64 threads handles one row: threads stride over the row to find its maximum (a reduction), then its sum of exponentials (another), then write the results.',
  ],
  picture: {
    kind: 'rows',
    rows: [
      { label: 'a', cells: ['100', '101', '102'] },
      { label: 'a − max', cells: ['−2', '−1', '0'] },
      { label: 'exp', cells: ['0.135', '0.368', '1'] },
      { label: 'out', cells: ['0.090', '0.245', '0.665'] },
    ],
    caption:
      'exp(102) is about 2e44, too big for f32; after subtracting the maximum the largest exponent is exp(0) = 1.',
  },
  constants: { WG },
  sizeFields: ['rows', 'cols'],
  buffers: [
    f32Input(1, 'a', ['rows', 'cols'], 'rows × cols values, row-major, up to ±128'),
    f32Output(2, 'out', ['rows', 'cols'], 'rows × cols probabilities'),
  ],
  grid: (s) => [field(s, 'rows'), 1, 1],
  inputs: (s) => ({ a: floats(field(s, 'rows') * field(s, 'cols'), 0x11a, SCALE) }),
  reference: (s, { a }) => ({
    out: rowSoftmax(a as Float32Array, field(s, 'rows'), field(s, 'cols')),
  }),
  cases: CASES,
  benchSize: { rows: 1024, cols: 1024 },
  // exp on a GPU is accurate to a few hundred ulps for large arguments.
  tolerance: { absolute: 1e-7, relative: 1e-4 },
  requires: [
    needsWorkgroupVar('This puzzle asks for the row reductions in a var<workgroup> array.'),
  ],
  starter: `var<workgroup> scratch: array<f32, WG>;

${entryPoint('WG', 'lid', 'wid')}  let row = wid.x * size.cols;
  let t = lid.x;
  // Each thread sums its share of exp(x) over the row.
  var total = 0.0;
  for (var c = t; c < size.cols; c = c + WG) {
    total = total + exp(a[row + c]);
  }
  scratch[t] = total;
  workgroupBarrier();
  if (t == 0u) {
    var all = 0.0;
    for (var j = 0u; j < WG; j = j + 1u) {
      all = all + scratch[j];
    }
    scratch[0] = all;
  }
  workgroupBarrier();
  let sum = scratch[0];
  for (var c = t; c < size.cols; c = c + WG) {
    out[row + c] = exp(a[row + c]) / sum;
  }
}
`,
  hints: [
    'The starter is right for small values: the failures are NaN or 0 where the row holds large values. Find the row’s maximum first, with the same pattern as the sum.',
    'Two reductions need the scratch array twice: read its result into a local (`let m = scratch[0];`) and pass a `workgroupBarrier()` before reusing it.',
    'Then use `exp(x - m)` both in the sum and in the final division.',
  ],
  solution: `var<workgroup> scratch: array<f32, WG>;

${entryPoint('WG', 'lid', 'wid')}  let row = wid.x * size.cols;
  let t = lid.x;

  // 1. The row's maximum: each thread over its stride, then a tree over the workgroup.
  var m = -3.0e38;
  for (var c = t; c < size.cols; c = c + WG) {
    m = max(m, a[row + c]);
  }
  scratch[t] = m;
  workgroupBarrier();
  for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
    if (t < stride) {
      scratch[t] = max(scratch[t], scratch[t + stride]);
    }
    workgroupBarrier();
  }
  let rowMax = scratch[0];
  workgroupBarrier();

  // 2. The sum of exp(x - max), the same way.
  var total = 0.0;
  for (var c = t; c < size.cols; c = c + WG) {
    total = total + exp(a[row + c] - rowMax);
  }
  scratch[t] = total;
  workgroupBarrier();
  for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
    if (t < stride) {
      scratch[t] = scratch[t] + scratch[t + stride];
    }
    workgroupBarrier();
  }
  let rowSum = scratch[0];

  // 3. Every element, divided by the row's sum.
  for (var c = t; c < size.cols; c = c + WG) {
    out[row + c] = exp(a[row + c] - rowMax) / rowSum;
  }
}
`,
  descriptor: (s) => {
    const rows = field(s, 'rows');
    const count = rows * field(s, 'cols');
    return describeWork({
      name: 'puzzle: row softmax',
      kind: 'elementwise',
      // The row is read three times; caches keep a row of a few kilobytes, so count it once.
      bytesRead: count * WORD_BYTES,
      bytesWritten: count * WORD_BYTES,
      flops: 5 * count,
      threadsPerBlock: WG,
      blocks: rows,
    });
  },
};
