/** Puzzle 5: a row vector and a column vector make a matrix. */
import type { Puzzle } from '../types';
import { field, floats, overTiles } from './shared';
import { workOverTiles } from './work';
import { entryPoint } from './wgsl';
import { f32Input, f32Output } from './buffers';

const TILE = 8;

export const broadcast: Puzzle = {
  id: 'broadcast',
  title: 'Broadcast',
  idea: 'one value reused along a dimension',
  statement: [
    '`a` holds `size.cols` values and `b` holds `size.rows` values. Fill the `rows × cols` matrix `out` with `out[r][c] = a[c] + b[r]`.',
    'This is what PyTorch does for `a[None, :] + b[:, None]`: no copy of `a` or `b` is made; each thread simply reads the element of each vector that its row or column selects, so a value of `a` is read by every row.',
  ],
  picture: {
    kind: 'grids',
    grids: [
      { label: 'b (column)', rows: 3, cols: 1, cell: (r) => String(10 * (r + 1)) },
      { label: 'a (row)', rows: 1, cols: 4, cell: (_r, c) => String(c) },
      {
        label: 'out',
        rows: 3,
        cols: 4,
        cell: (r, c) => String(10 * (r + 1) + c),
      },
    ],
    operators: ['+', '→'],
    caption: 'Row r of out adds b[r] to every element of a.',
  },
  constants: { TILE },
  ...overTiles(TILE),
  buffers: [
    f32Input(1, 'a', ['cols'], 'cols values'),
    f32Input(2, 'b', ['rows'], 'rows values'),
    f32Output(3, 'out', ['rows', 'cols'], 'rows × cols sums, row-major'),
  ],
  inputs: (s) => ({ a: floats(field(s, 'cols'), 0x5a), b: floats(field(s, 'rows'), 0x5b) }),
  reference: (s, { a, b }) => {
    const rows = field(s, 'rows');
    const cols = field(s, 'cols');
    const out = new Float32Array(rows * cols);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) out[r * cols + c] = a![c]! + b![r]!;
    return { out };
  },
  starter: `${entryPoint('TILE, TILE', 'gid')}  let c = gid.x;
  let r = gid.y;
  if (r >= size.rows || c >= size.cols) {
    return;
  }
  out[r * size.cols + c] = a[c] + b[c];
}
`,
  hints: [
    'Which index picks the element of `b`: the row or the column?',
    '`b` has one value per row, so a thread in row `r` reads `b[r]`.',
  ],
  solution: `${entryPoint('TILE, TILE', 'gid')}  let c = gid.x;
  let r = gid.y;
  if (r >= size.rows || c >= size.cols) {
    return;
  }
  out[r * size.cols + c] = a[c] + b[r];
}
`,
  descriptor: (s) => {
    const rows = field(s, 'rows');
    const cols = field(s, 'cols');
    return workOverTiles(
      'puzzle: broadcast',
      'elementwise',
      { rows, cols, tile: TILE },
      { wordsRead: rows + cols, wordsWritten: rows * cols, flops: rows * cols },
    );
  },
};
