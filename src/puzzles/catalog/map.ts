/** Puzzle 1: one thread per element, each adding a constant. */
import type { Puzzle } from '../types';
import { EXACT, field, floats, oneDimensionCases } from './shared';
import { elementwiseWork } from './work';
import { entryPoint } from './wgsl';
import { f32Input, f32Output } from './buffers';

export const map: Puzzle = {
  id: 'map',
  title: 'Map',
  idea: 'one thread per element',
  statement: [
    'Every element of `out` should be the matching element of `a` plus 10.',
    'The launch starts exactly one thread per element: `size.n` workgroups of one thread each. A thread finds its element from `global_invocation_id`, its position in the whole launch.',
    'Nothing here is shared between threads: each reads one value and writes one value. That is the pattern behind every elementwise PyTorch operation, such as `x + 10` on a CUDA tensor.',
  ],
  picture: {
    kind: 'rows',
    rows: [
      { label: 'thread', cells: ['0', '1', '2', '3', '4'] },
      { label: 'a', cells: ['3', '−1', '0.5', '7', '2'] },
      { label: 'out', cells: ['13', '9', '10.5', '17', '12'] },
    ],
    caption: 'Thread i reads a[i] and writes a[i] + 10 to out[i].',
  },
  constants: {},
  sizeFields: ['n'],
  buffers: [f32Input(1, 'a', ['n'], 'n values'), f32Output(2, 'out', ['n'], 'n results')],
  grid: (s) => [field(s, 'n'), 1, 1],
  inputs: (s) => ({ a: floats(field(s, 'n'), 0x1a) }),
  reference: (_s, { a }) => ({ out: Float32Array.from(a!, (x) => x + 10) }),
  cases: oneDimensionCases(64),
  benchSize: { n: 65_535 },
  tolerance: EXACT,
  starter: `${entryPoint('1', 'gid')}  let i = gid.x;
  // Copies a into out. Make each element 10 larger.
  out[i] = a[i];
}
`,
  hints: [
    'Thread `i` owns element `i`: the only line to change is the one that writes `out[i]`.',
    '`out[i] = a[i] + 10;` is the whole change: WGSL converts a bare number to the type it meets, here f32. A named integer does not convert: after `let k = 10;` `k` is an i32 and `a[i] + k` does not compile, while `let k = 10.0;` or `f32(k)` does.',
  ],
  solution: `${entryPoint('1', 'gid')}  let i = gid.x;
  out[i] = a[i] + 10.0;
}
`,
  descriptor: (s) => elementwiseWork('puzzle: map', field(s, 'n'), 1),
};
