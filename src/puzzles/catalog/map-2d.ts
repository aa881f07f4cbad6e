/** Puzzle 4: a matrix, threads laid out in two dimensions. */
import type { Puzzle } from '../types';
import { field, floats, overTiles } from './shared';
import { workOverTiles } from './work';
import { entryPoint } from './wgsl';
import { f32Input, f32Output } from './buffers';

const TILE = 8;

export const map2d: Puzzle = {
  id: 'map-2d',
  title: '2D map',
  idea: 'rows, columns and row-major indexes',
  statement: [
    '`a` is a matrix of `size.rows` rows and `size.cols` columns, stored row after row (row-major, as PyTorch stores a contiguous tensor). Write `out = a + 1`, element by element.',
    'Threads now come in 8 × 8 workgroups laid over the matrix: `gid.x` runs along a row (the column index) and `gid.y` down the columns (the row index). The element at row `r` and column `c` lives at `r * size.cols + c`.',
    'Both directions can overhang: guard the row and the column.',
  ],
  picture: {
    kind: 'grids',
    grids: [
      {
        label: 'a (3 × 4)',
        rows: 3,
        cols: 4,
        cell: (r, c) => String(r * 4 + c),
      },
      {
        label: 'out',
        rows: 3,
        cols: 4,
        cell: (r, c) => String(r * 4 + c + 1),
      },
    ],
    operators: ['+ 1 →'],
    caption:
      'The number in each cell of a is its index in memory: row r, column c is r × cols + c.',
  },
  constants: { TILE },
  ...overTiles(TILE),
  buffers: [
    f32Input(1, 'a', ['rows', 'cols'], 'rows × cols values, row-major'),
    f32Output(2, 'out', ['rows', 'cols'], 'rows × cols results'),
  ],
  inputs: (s) => ({ a: floats(field(s, 'rows') * field(s, 'cols'), 0x4a) }),
  reference: (_s, { a }) => ({ out: Float32Array.from(a!, (x) => x + 1) }),
  starter: `${entryPoint('TILE, TILE', 'gid')}  let c = gid.x;
  let r = gid.y;
  let i = r * size.rows + c;
  out[i] = a[i] + 1.0;
}
`,
  hints: [
    'Moving one row down skips a whole row of elements. How many elements does a row hold?',
    'Threads past the last column would write into the next row: guard `c < size.cols` as well as `r < size.rows`.',
  ],
  solution: `${entryPoint('TILE, TILE', 'gid')}  let c = gid.x;
  let r = gid.y;
  if (r >= size.rows || c >= size.cols) {
    return;
  }
  let i = r * size.cols + c;
  out[i] = a[i] + 1.0;
}
`,
  descriptor: (s) => {
    const rows = field(s, 'rows');
    const cols = field(s, 'cols');
    return workOverTiles(
      'puzzle: 2D map',
      'elementwise',
      { rows, cols, tile: TILE },
      { wordsRead: rows * cols, wordsWritten: rows * cols, flops: rows * cols },
    );
  },
};
