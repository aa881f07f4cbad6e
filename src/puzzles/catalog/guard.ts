/** Puzzle 3: workgroups of 64 threads, so the last one may have threads without data. */
import type { Puzzle } from '../types';
import { field, floats, overElements } from './shared';
import { elementwiseWork } from './work';
import { entryPoint } from './wgsl';
import { f32Input, f32Output } from './buffers';

const WG = 64;

export const guard: Puzzle = {
  id: 'guard',
  title: 'Guard',
  idea: 'more threads than data',
  statement: [
    'Square every element: `out[i] = a[i] * a[i]`.',
    'A workgroup of one thread wastes most of a GPU, so this launch uses workgroups of `WG` = 64 threads and starts enough of them to cover `n`: `ceil(n / 64)` workgroups. When `n` is not a multiple of 64, the last workgroup has threads with no element to work on.',
    'Those threads must do nothing. The checker gives `out` some room past its end and reports any thread that writes there; it also runs sizes such as 1 and 65 where most of a workgroup is idle.',
  ],
  picture: {
    kind: 'rows',
    rows: [
      { label: 'thread', cells: ['0', '1', '2', '3', '4', '5', '6', '7'], ghostFrom: 5 },
      { label: 'a', cells: ['2', '3', '−1', '4', '0.5', '', '', ''], ghostFrom: 5 },
      { label: 'out', cells: ['4', '9', '1', '16', '0.25', '', '', ''], ghostFrom: 5 },
    ],
    caption:
      'With n = 5 and a workgroup of 8 (64 in the puzzle), threads 5 to 7 have no element and must not write.',
  },
  constants: { WG },
  ...overElements(WG),
  buffers: [f32Input(1, 'a', ['n'], 'n values'), f32Output(2, 'out', ['n'], 'n squares')],
  inputs: (s) => ({ a: floats(field(s, 'n'), 0x3a) }),
  reference: (_s, { a }) => ({ out: Float32Array.from(a!, (x) => Math.fround(x * x)) }),
  starter: `${entryPoint('WG', 'gid')}  let i = gid.x;
  out[i] = a[i] * a[i];
}
`,
  hints: [
    'Run it and look at the indexes the checker names: they are all at `n` or beyond.',
    'Compare `i` with `size.n` before touching memory, and `return` when there is nothing to do.',
  ],
  solution: `${entryPoint('WG', 'gid')}  let i = gid.x;
  if (i >= size.n) {
    return;
  }
  out[i] = a[i] * a[i];
}
`,
  descriptor: (s) => elementwiseWork('puzzle: guard', field(s, 'n'), WG),
};
