/** Puzzle 2: two inputs, one output, element by element. */
import type { Puzzle } from '../types';
import { EXACT, field, floats, oneDimensionCases } from './shared';
import { elementwiseWork } from './work';
import { entryPoint } from './wgsl';
import { f32Input, f32Output } from './buffers';

export const zip: Puzzle = {
  id: 'zip',
  title: 'Zip',
  idea: 'two inputs, same index',
  statement: [
    'Add two arrays: `out[i]` should be `a[i] + b[i]`.',
    'The launch is the same as in Map: one thread per element. The new part is reading two buffers at the same position, which is how `torch.add(x, y)` runs when both tensors have the same shape.',
  ],
  picture: {
    kind: 'rows',
    rows: [
      { label: 'a', cells: ['1', '2', '3', '4'] },
      { label: 'b', cells: ['10', '20', '30', '40'] },
      { label: 'out', cells: ['11', '22', '33', '44'] },
    ],
    caption: 'Thread i reads a[i] and b[i] and writes their sum to out[i].',
  },
  constants: {},
  sizeFields: ['n'],
  buffers: [
    f32Input(1, 'a', ['n'], 'n values'),
    f32Input(2, 'b', ['n'], 'n values'),
    f32Output(3, 'out', ['n'], 'n sums'),
  ],
  grid: (s) => [field(s, 'n'), 1, 1],
  inputs: (s) => ({ a: floats(field(s, 'n'), 0x2a), b: floats(field(s, 'n'), 0x2b) }),
  reference: (_s, { a, b }) => ({ out: Float32Array.from(a!, (x, i) => x + b![i]!) }),
  cases: oneDimensionCases(64),
  benchSize: { n: 65_535 },
  tolerance: EXACT,
  starter: `${entryPoint('1', 'gid')}  let i = gid.x;
  out[i] = a[i] + a[i];
}
`,
  hints: [
    'Both inputs are declared above your code: `a` at binding 1 and `b` at binding 2.',
    'One of the two reads names the wrong buffer.',
  ],
  solution: `${entryPoint('1', 'gid')}  let i = gid.x;
  out[i] = a[i] + b[i];
}
`,
  descriptor: (s) => elementwiseWork('puzzle: zip', field(s, 'n'), 1, 2),
};
