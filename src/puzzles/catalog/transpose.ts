/** Puzzle 10: a transpose whose reads and writes both run along rows, through a tile. */
import type { Puzzle } from '../types';
import { field, floats, overTiles } from './shared';
import { workOverTiles } from './work';
import { entryPoint, needsWorkgroupVar, TILE_BARRIER } from './wgsl';
import { f32Input, f32Output } from './buffers';

const TILE = 16;

export const transpose: Puzzle = {
  id: 'transpose',
  title: 'Transpose',
  idea: 'coalescing through a tile',
  statement: [
    '`a` has `size.rows` rows and `size.cols` columns. Write its transpose to `out`, which has `cols` rows and `rows` columns: `out[c][r] = a[r][c]`.',
    'Done directly, either the reads or the writes jump a whole row between neighbouring threads, and memory serves such scattered accesses slowly. Instead, let each 16 × 16 workgroup read a tile of `a` along its rows into a `var<workgroup>` tile, wait at a barrier, and write the tile out along rows of `out`, reading the tile by column. Both trips to memory then run along rows.',
  ],
  picture: {
    kind: 'grids',
    grids: [
      {
        label: 'a (2 × 3)',
        rows: 2,
        cols: 3,
        cell: (r, c) => String(r * 3 + c),
        shade: (r) => r === 0,
      },
      {
        label: 'out (3 × 2)',
        rows: 3,
        cols: 2,
        cell: (r, c) => String(c * 3 + r),
        shade: (_r, c) => c === 0,
      },
    ],
    operators: ['→'],
    caption: 'Row 0 of a (shaded) becomes column 0 of out.',
  },
  constants: { TILE },
  ...overTiles(TILE),
  buffers: [
    f32Input(1, 'a', ['rows', 'cols'], 'rows × cols values, row-major'),
    f32Output(2, 'out', ['rows', 'cols'], 'cols × rows values, row-major'),
  ],
  inputs: (s) => ({ a: floats(field(s, 'rows') * field(s, 'cols'), 0x10a) }),
  reference: (s, { a }) => {
    const rows = field(s, 'rows');
    const cols = field(s, 'cols');
    const out = new Float32Array(rows * cols);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) out[c * rows + r] = a![r * cols + c]!;
    return { out };
  },
  requires: [
    needsWorkgroupVar('This puzzle asks for the transpose to go through a var<workgroup> tile.'),
    TILE_BARRIER,
  ],
  starter: `var<workgroup> tile: array<array<f32, TILE>, TILE>;

${entryPoint('TILE, TILE', 'gid')}  let c = gid.x;
  let r = gid.y;
  if (r < size.rows && c < size.cols) {
    // Copies a as it is: the shape of out is cols × rows.
    out[r * size.cols + c] = a[r * size.cols + c];
  }
}
`,
  hints: [
    'Tile (x, y) of the launch covers rows `y * TILE ..` and columns `x * TILE ..` of `a`. Thread (lx, ly) loads `a[row0 + ly][col0 + lx]` into `tile[ly][lx]`.',
    'In `out`, the same tile sits at rows `col0 ..` and columns `row0 ..`. Thread (lx, ly) writes `out[col0 + ly][row0 + lx]`, which is `tile[lx][ly]`.',
    'Keep the barrier where every thread reaches it: guard the load and the store, not the whole function.',
  ],
  solution: `var<workgroup> tile: array<array<f32, TILE>, TILE>;

${entryPoint('TILE, TILE', 'lid', 'wid')}  let row0 = wid.y * TILE;
  let col0 = wid.x * TILE;
  let r = row0 + lid.y;
  let c = col0 + lid.x;
  if (r < size.rows && c < size.cols) {
    tile[lid.y][lid.x] = a[r * size.cols + c];
  }
  workgroupBarrier();
  let outRow = col0 + lid.y;
  let outCol = row0 + lid.x;
  if (outRow < size.cols && outCol < size.rows) {
    out[outRow * size.rows + outCol] = tile[lid.x][lid.y];
  }
}
`,
  descriptor: (s) => {
    const rows = field(s, 'rows');
    const cols = field(s, 'cols');
    return workOverTiles(
      'puzzle: transpose',
      'copy',
      { rows, cols, tile: TILE },
      { wordsRead: rows * cols, wordsWritten: rows * cols, flops: 0 },
    );
  },
};
