/** Puzzle 9: many threads adding to the same few counters, with atomics. */
import type { Puzzle } from '../types';
import { field, overElements, wholes } from './shared';
import { workOverElements } from './work';
import { entryPoint } from './wgsl';

const WG = 64;
const BINS = 16;

export const histogram: Puzzle = {
  id: 'histogram',
  title: 'Histogram',
  idea: 'atomics for shared counters',
  statement: [
    '`a` holds `n` whole numbers from 0 to 15. Count them: `bins[v]` should end up as the number of elements equal to `v`. The counters start at zero.',
    'Many threads hit the same counter at once, and `bins[v] = bins[v] + 1` done by two threads together can count once. That is why `bins` is declared `array<atomic<u32>>`: `atomicAdd` makes each read-add-write one indivisible step. (`torch.bincount` and `torch.histc` count this way.)',
    'Heavy contention on 16 counters is slow; the reference solution first counts in a `var<workgroup>` histogram and adds it to `bins` once per workgroup.',
  ],
  picture: {
    kind: 'rows',
    rows: [
      { label: 'a', cells: ['2', '0', '2', '3', '2', '0'] },
      { label: 'bins', cells: ['2', '0', '3', '1'] },
    ],
    caption:
      'Six values into four bins (sixteen in the puzzle): three threads add to bin 2 at the same time.',
  },
  constants: { WG, BINS },
  ...overElements(WG),
  buffers: [
    {
      binding: 1,
      name: 'a',
      element: 'u32',
      role: 'input',
      note: 'n values, each below BINS',
      length: (s) => field(s, 'n'),
    },
    {
      binding: 2,
      name: 'bins',
      element: 'u32',
      atomic: true,
      role: 'output',
      note: 'BINS counters, zero at the start',
      length: () => BINS,
      initial: 'zero',
    },
  ],
  inputs: (s) => ({ a: wholes(field(s, 'n'), 0x9a, BINS) }),
  reference: (_s, { a }) => {
    const bins = new Uint32Array(BINS);
    for (const v of a!) bins[v]!++;
    return { bins };
  },
  requires: [
    {
      pattern: /\batomicAdd\s*\(/,
      message: 'This puzzle asks for atomicAdd: the counters are shared by every thread.',
    },
  ],
  starter: `${entryPoint('WG', 'gid')}  let i = gid.x;
  if (i >= size.n) {
    return;
  }
  // Marks the bin as seen instead of counting.
  atomicStore(&bins[a[i]], 1u);
}
`,
  hints: [
    '`atomicAdd(&bins[v], 1u)` adds one to a counter without losing another thread’s addition.',
    'For speed: a `var<workgroup> local: array<atomic<u32>, BINS>;` counted first, a `workgroupBarrier()`, then the first BINS threads each add one counter to `bins`.',
  ],
  solution: `var<workgroup> local: array<atomic<u32>, BINS>;

${entryPoint('WG', 'gid', 'lid')}  let i = gid.x;
  if (i < size.n) {
    atomicAdd(&local[a[i]], 1u);
  }
  workgroupBarrier();
  if (lid.x < BINS) {
    let count = atomicLoad(&local[lid.x]);
    if (count > 0u) {
      atomicAdd(&bins[lid.x], count);
    }
  }
}
`,
  descriptor: (s) => {
    const n = field(s, 'n');
    return workOverElements('puzzle: histogram', 'other', n, WG, {
      wordsRead: n,
      wordsWritten: BINS,
      flops: n,
    });
  },
};
