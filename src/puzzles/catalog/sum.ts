/** Puzzle 7: a tree reduction in workgroup memory, one sum per workgroup. */
import type { Puzzle } from '../types';
import { field, floats, groups, overElements } from './shared';
import { workOverElements } from './work';
import { f32Input } from './buffers';
import { entryPoint, needsWorkgroupVar } from './wgsl';

const WG = 256;

/** Sums of each run of `per` values (the last run may be short). */
export function blockSums(values: Float32Array, per: number): Float32Array {
  const out = new Float32Array(groups(values.length, per));
  values.forEach((x, i) => (out[Math.floor(i / per)]! += x));
  return out;
}

export const sum: Puzzle = {
  id: 'sum',
  title: 'Sum',
  idea: 'a reduction tree',
  statement: [
    'Each workgroup of `WG` = 256 threads sums its 256 elements of `a` and writes the total to `out[workgroup]`; the last workgroup sums what is left. (A second pass over `out` would finish `a.sum()`; one pass is the puzzle.)',
    'Halving works well: every thread puts its value in a workgroup array; then, in rounds, the first half of the threads adds the second half’s values to their own, until one value is left. Eight rounds cover 256 values, and a barrier separates each round from the next.',
  ],
  picture: {
    kind: 'rows',
    rows: [
      { label: 'round 0', cells: ['3', '1', '4', '1', '5', '9', '2', '6'] },
      { label: 'round 1', cells: ['8', '10', '6', '7', '', '', '', ''] },
      { label: 'round 2', cells: ['14', '17', '', '', '', '', '', ''] },
      { label: 'round 3', cells: ['31', '', '', '', '', '', '', ''] },
    ],
    caption:
      'Eight values in three rounds: each round, thread t adds the value half a stride away to its own.',
  },
  constants: { WG },
  ...overElements(WG),
  buffers: [
    f32Input(1, 'a', ['n'], 'n values'),
    {
      binding: 2,
      name: 'out',
      element: 'f32',
      role: 'output',
      note: 'one sum per workgroup: ceil(n / WG) values',
      length: (s) => groups(field(s, 'n'), WG),
      initial: 'fill',
    },
  ],
  inputs: (s) => ({ a: floats(field(s, 'n'), 0x7a) }),
  reference: (_s, { a }) => ({ out: blockSums(a as Float32Array, WG) }),
  requires: [
    needsWorkgroupVar(
      'This puzzle asks for a reduction in workgroup memory: declare a var<workgroup> array.',
    ),
  ],
  starter: `var<workgroup> partial: array<f32, WG>;

${entryPoint('WG', 'gid', 'lid', 'wid')}  let i = gid.x;
  if (i < size.n) {
    partial[lid.x] = a[i];
  }
  workgroupBarrier();
  // Every thread writes the same slot: only one value survives.
  if (i < size.n) {
    out[wid.x] = partial[lid.x];
  }
}
`,
  hints: [
    'Threads past `n` still take part in the rounds; let them put 0 in their slot instead of skipping it.',
    'A loop `for (var stride = WG / 2u; stride > 0u; stride = stride / 2u)` gives the rounds. Inside it, threads with `lid.x < stride` add `partial[lid.x + stride]`, and every thread reaches the barrier at the end of the round.',
    'After the loop `partial[0]` holds the total; let thread 0 alone write it.',
  ],
  solution: `var<workgroup> partial: array<f32, WG>;

${entryPoint('WG', 'gid', 'lid', 'wid')}  let i = gid.x;
  let t = lid.x;
  partial[t] = select(0.0, a[min(i, size.n - 1u)], i < size.n);
  workgroupBarrier();
  for (var stride = WG / 2u; stride > 0u; stride = stride / 2u) {
    if (t < stride) {
      partial[t] = partial[t] + partial[t + stride];
    }
    workgroupBarrier();
  }
  if (t == 0u) {
    out[wid.x] = partial[0];
  }
}
`,
  descriptor: (s) => {
    const n = field(s, 'n');
    return workOverElements('puzzle: sum', 'reduction', n, WG, {
      wordsRead: n,
      wordsWritten: groups(n, WG),
      flops: n,
    });
  },
};
