/** Puzzle 6: a tile of the input in workgroup memory, with one element of halo. */
import type { Puzzle } from '../types';
import { field, floats, overElements } from './shared';
import { elementwiseWork } from './work';
import { entryPoint, needsWorkgroupVar, TILE_BARRIER } from './wgsl';
import { f32Input, f32Output } from './buffers';

const WG = 64;

export const workgroupMemory: Puzzle = {
  id: 'workgroup-memory',
  title: 'Workgroup memory',
  idea: 'a shared tile, a barrier, a halo',
  statement: [
    'Compute the difference with the next element: `out[i] = a[i + 1] - a[i]`, taking the element after the last one as 0.',
    'Each value of `a` is needed by two threads. Have each workgroup copy its 64 values into a `var<workgroup>` array once, wait at `workgroupBarrier()` until every thread has written its part, and then read both neighbours from there. That is the shared memory of CUDA (`__shared__` and `__syncthreads()`).',
    'The last thread of a workgroup needs one value beyond the tile (a halo): load it too. The checker asks for a `var<workgroup>` and a barrier, and remember that every thread of a workgroup must reach the barrier, so no early `return` before it.',
  ],
  picture: {
    kind: 'rows',
    rows: [
      { label: 'a', cells: ['1', '4', '9', '16', '25', '36'] },
      { label: 'tile', cells: ['1', '4', '9', '16', '25'], ghostFrom: 4 },
      { label: 'out', cells: ['3', '5', '7', '9', '11', '−36'] },
    ],
    caption:
      'A workgroup of 4 (64 in the puzzle) loads 4 values and one halo value into its tile, then each thread subtracts its own value from its neighbour’s.',
  },
  constants: { WG },
  ...overElements(WG),
  buffers: [f32Input(1, 'a', ['n'], 'n values'), f32Output(2, 'out', ['n'], 'n differences')],
  inputs: (s) => ({ a: floats(field(s, 'n'), 0x6a) }),
  reference: (_s, { a }) => ({
    out: Float32Array.from(a!, (x, i) => (i + 1 < a!.length ? a![i + 1]! : 0) - x),
  }),
  requires: [
    needsWorkgroupVar('This puzzle asks for workgroup memory: declare a var<workgroup> tile.'),
    TILE_BARRIER,
  ],
  starter: `var<workgroup> tile: array<f32, WG + 1u>;

${entryPoint('WG', 'gid', 'lid')}  let i = gid.x;
  let l = lid.x;
  if (i < size.n) {
    tile[l] = a[i];
  }
  workgroupBarrier();
  if (i < size.n) {
    out[i] = tile[l + 1u] - tile[l];
  }
}
`,
  hints: [
    'Look at the indexes that fail: the last element of each workgroup, and the last element overall.',
    'Slot `WG` of the tile is never filled. Let thread 0 (or thread `WG - 1`) also load the element just past the tile, or 0 when it is past `n`.',
    'Elements past `n` inside the tile must read as 0 too: write 0 there rather than leaving them unset.',
  ],
  solution: `var<workgroup> tile: array<f32, WG + 1u>;

${entryPoint('WG', 'gid', 'lid', 'wid')}  let i = gid.x;
  let l = lid.x;
  tile[l] = select(0.0, a[min(i, size.n - 1u)], i < size.n);
  if (l == 0u) {
    let next = wid.x * WG + WG;
    tile[WG] = select(0.0, a[min(next, size.n - 1u)], next < size.n);
  }
  workgroupBarrier();
  if (i < size.n) {
    out[i] = tile[l + 1u] - tile[l];
  }
}
`,
  descriptor: (s) => elementwiseWork('puzzle: workgroup memory', field(s, 'n'), WG),
};
