/** Puzzle 8: an inclusive scan of each workgroup's values. */
import type { Puzzle } from '../types';
import { field, floats, overElements } from './shared';
import { workOverElements } from './work';
import { f32Input, f32Output } from './buffers';
import { entryPoint, needsWorkgroupVar } from './wgsl';

const WG = 256;

/**
 * What the starter and the solution both open with: the workgroup array, the entry point, and
 * every thread putting its value (0 past `n`) in its slot before a barrier.
 */
const HEAD = `var<workgroup> running: array<f32, WG>;

${entryPoint('WG', 'gid', 'lid')}  let i = gid.x;
  let t = lid.x;
  running[t] = select(0.0, a[min(i, size.n - 1u)], i < size.n);
  workgroupBarrier();
`;

/** Inclusive running sums restarting every `per` values. */
export function blockScan(values: Float32Array, per: number): Float32Array {
  const out = new Float32Array(values.length);
  let running = 0;
  values.forEach((x, i) => {
    running = i % per === 0 ? x : Math.fround(running + x);
    out[i] = running;
  });
  return out;
}

export const prefixSum: Puzzle = {
  id: 'prefix-sum',
  title: 'Prefix sum',
  idea: 'a scan in log steps',
  statement: [
    'Write running totals: `out[i]` is the sum of `a` from the start of `i`’s workgroup up to and including `i`. Each block of `WG` = 256 elements starts again from zero (a full scan would add each block’s total to the blocks after it in a second pass).',
    'One thread per element adding up everything before it is quadratic work. Instead, in round k each element adds the value 2^k places to its left, if there is one; after log2(256) = 8 rounds every element holds its running total. A barrier between reading and writing keeps a round from seeing values of the round it is building.',
  ],
  picture: {
    kind: 'rows',
    rows: [
      { label: 'a', cells: ['1', '2', '3', '4', '5', '6', '7', '8'] },
      { label: '+1 left', cells: ['1', '3', '5', '7', '9', '11', '13', '15'] },
      { label: '+2 left', cells: ['1', '3', '6', '10', '14', '18', '22', '26'] },
      { label: '+4 left', cells: ['1', '3', '6', '10', '15', '21', '28', '36'] },
    ],
    caption:
      'Three rounds scan eight values: each round adds the value 1, 2, then 4 places to the left.',
  },
  constants: { WG },
  ...overElements(WG),
  buffers: [f32Input(1, 'a', ['n'], 'n values'), f32Output(2, 'out', ['n'], 'n running totals')],
  inputs: (s) => ({ a: floats(field(s, 'n'), 0x8a) }),
  reference: (_s, { a }) => ({ out: blockScan(a as Float32Array, WG) }),
  requires: [
    needsWorkgroupVar(
      'This puzzle asks for a scan in workgroup memory: declare a var<workgroup> array.',
    ),
  ],
  starter: `${HEAD}  // No rounds yet: each element is only its own value.
  if (i < size.n) {
    out[i] = running[t];
  }
}
`,
  hints: [
    'Loop over offsets 1, 2, 4, …, 128. In each round a thread with `t >= offset` needs `running[t - offset]`.',
    'Read the neighbour into a local, then `workgroupBarrier()`, then add it to your own slot, then another `workgroupBarrier()`: otherwise a thread may read a slot its neighbour already updated this round.',
  ],
  solution: `${HEAD}  for (var offset = 1u; offset < WG; offset = offset * 2u) {
    var left = 0.0;
    if (t >= offset) {
      left = running[t - offset];
    }
    workgroupBarrier();
    running[t] = running[t] + left;
    workgroupBarrier();
  }
  if (i < size.n) {
    out[i] = running[t];
  }
}
`,
  descriptor: (s) => {
    const n = field(s, 'n');
    return workOverElements('puzzle: prefix sum', 'reduction', n, WG, {
      wordsRead: n,
      wordsWritten: n,
      flops: n * Math.log2(WG),
    });
  },
};
