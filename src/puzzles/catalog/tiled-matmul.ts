/** Puzzle 12: a matrix product computed tile by tile through workgroup memory. */
import type { Puzzle, PuzzleCase } from '../types';
import { EXACT, field, floats, groups } from './shared';
import { workOverTiles } from './work';
import { entryPoint, needsBarrier, needsWorkgroupVar } from './wgsl';
import { f32Input, f32Output } from './buffers';

const TILE = 16;

/** C = A·B for row-major A (m × k) and B (k × n), in doubles rounded to f32. */
export function matmul(a: Float32Array, b: Float32Array, m: number, n: number, k: number) {
  const c = new Float32Array(m * n);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let acc = 0;
      for (let p = 0; p < k; p++) acc += a[i * k + p]! * b[p * n + j]!;
      c[i * n + j] = acc;
    }
  }
  return c;
}

const CASES: PuzzleCase[] = (
  [
    [1, 1, 1, 'one element'],
    [2, 3, 4, 'small and not square'],
    [16, 16, 16, 'exactly one tile'],
    [17, 16, 16, 'one row past a tile'],
    [5, 19, 17, 'primes, k one past a tile'],
    [33, 20, 47, 'several tiles in every direction'],
  ] as const
).map(([m, n, k, why]) => ({ size: { m, n, k }, label: `m ${m}, n ${n}, k ${k}: ${why}` }));

export const tiledMatmul: Puzzle = {
  id: 'tiled-matmul',
  title: 'Tiled matmul',
  idea: 'reuse through tiles',
  statement: [
    'Multiply `a` (`size.m` × `size.k`) by `b` (`size.k` × `size.n`) into `out` (`size.m` × `size.n`), all row-major: `out[i][j] = Σ a[i][p] · b[p][j]` over p.',
    'A thread per output that reads its row of `a` and column of `b` from memory reads every value of `a` n times and of `b` m times. Instead, each 16 × 16 workgroup walks along k one tile at a time: its 256 threads load a 16 × 16 tile of `a` and one of `b` into workgroup memory (one value each), wait, and then each thread does 16 multiply-adds from the tiles. Each value loaded is used 16 times. cuBLAS and PyTorch’s matmul build on the same idea, with much larger tiles and registers.',
    'Tiles at the edges hang over the matrices: load 0 there, so the extra products add nothing.',
  ],
  picture: {
    kind: 'grids',
    grids: [
      {
        label: 'a',
        rows: 4,
        cols: 6,
        cell: () => '',
        shade: (r, c) => r < 2 && c >= 2 && c < 4,
      },
      {
        label: 'b',
        rows: 6,
        cols: 4,
        cell: () => '',
        shade: (r, c) => r >= 2 && r < 4 && c >= 2,
      },
      {
        label: 'out',
        rows: 4,
        cols: 4,
        cell: () => '',
        shade: (r, c) => r < 2 && c >= 2,
      },
    ],
    operators: ['×', '→'],
    caption:
      'The shaded output tile adds up, tile step by tile step, the shaded row band of a times the shaded column band of b; the step shown is the second.',
  },
  constants: { TILE },
  sizeFields: ['m', 'n', 'k'],
  buffers: [
    f32Input(1, 'a', ['m', 'k'], 'm × k values, row-major'),
    f32Input(2, 'b', ['k', 'n'], 'k × n values, row-major'),
    f32Output(3, 'out', ['m', 'n'], 'm × n products, row-major'),
  ],
  grid: (s) => [groups(field(s, 'n'), TILE), groups(field(s, 'm'), TILE), 1],
  inputs: (s) => ({
    a: floats(field(s, 'm') * field(s, 'k'), 0x12a),
    b: floats(field(s, 'k') * field(s, 'n'), 0x12b),
  }),
  reference: (s, { a, b }) => ({
    out: matmul(a as Float32Array, b as Float32Array, field(s, 'm'), field(s, 'n'), field(s, 'k')),
  }),
  cases: CASES,
  benchSize: { m: 512, n: 512, k: 512 },
  tolerance: EXACT,
  requires: [
    needsWorkgroupVar(
      'This puzzle asks for tiles in workgroup memory: declare var<workgroup> tiles.',
    ),
    needsBarrier(
      'This puzzle asks for workgroupBarrier() between loading the tiles and using them.',
    ),
  ],
  starter: `var<workgroup> tileA: array<array<f32, TILE>, TILE>;
var<workgroup> tileB: array<array<f32, TILE>, TILE>;

${entryPoint('TILE, TILE', 'gid')}  let row = gid.y;
  let col = gid.x;
  if (row >= size.m || col >= size.n) {
    return;
  }
  // Untiled, and one stride is wrong.
  var acc = 0.0;
  for (var p = 0u; p < size.k; p = p + 1u) {
    acc = acc + a[row * size.k + p] * b[p * size.k + col];
  }
  out[row * size.n + col] = acc;
}
`,
  hints: [
    'First fix the stride: a row of `b` holds `size.n` values. Then tile it: the early `return` has to go, since every thread must reach the barriers.',
    'Loop `for (var t = 0u; t < size.k; t = t + TILE)`. Thread (lx, ly) loads `a[row][t + lx]` into `tileA[ly][lx]` and `b[t + ly][col]` into `tileB[ly][lx]`, or 0 when past the edge.',
    'Barrier, then `acc += tileA[ly][p] * tileB[p][lx]` for p in 0..TILE, then another barrier before the next tile overwrites them. Write `out` only where row and column exist.',
  ],
  solution: `var<workgroup> tileA: array<array<f32, TILE>, TILE>;
var<workgroup> tileB: array<array<f32, TILE>, TILE>;

${entryPoint('TILE, TILE', 'gid', 'lid')}  let row = gid.y;
  let col = gid.x;
  let lx = lid.x;
  let ly = lid.y;
  var acc = 0.0;
  for (var t = 0u; t < size.k; t = t + TILE) {
    let ak = t + lx;
    let bk = t + ly;
    tileA[ly][lx] = select(0.0, a[min(row * size.k + ak, size.m * size.k - 1u)], row < size.m && ak < size.k);
    tileB[ly][lx] = select(0.0, b[min(bk * size.n + col, size.k * size.n - 1u)], bk < size.k && col < size.n);
    workgroupBarrier();
    for (var p = 0u; p < TILE; p = p + 1u) {
      acc = acc + tileA[ly][p] * tileB[p][lx];
    }
    workgroupBarrier();
  }
  if (row < size.m && col < size.n) {
    out[row * size.n + col] = acc;
  }
}
`,
  descriptor: (s) => {
    const m = field(s, 'm');
    const n = field(s, 'n');
    const k = field(s, 'k');
    return workOverTiles(
      'puzzle: tiled matmul',
      'matmul',
      { rows: m, cols: n, tile: TILE },
      { wordsRead: m * k + k * n, wordsWritten: m * n, flops: 2 * m * n * k },
    );
  },
};
