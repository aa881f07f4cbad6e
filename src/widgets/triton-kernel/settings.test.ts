import { describe, expect, it } from 'vitest';
import { checkState } from '../../state/schema';
import { fuzzSchema } from '../../state/testing/fuzz';
import { TRITON_PUZZLES } from '../../triton/puzzles/index';
import { TRITON_PUZZLE_IDS, tritonKernelSchema } from './settings';

describe('tritonKernelSchema', () => {
  it('defaults to the fused softmax, the kernel view, predicted on an H100 SXM', () => {
    expect(tritonKernelSchema.defaults).toEqual({
      puzzle: 'fused-softmax',
      view: 'kernel',
      gpu: 'h100-sxm',
    });
  });

  it('lists exactly the Triton puzzles, in the catalog’s order', () => {
    expect([...TRITON_PUZZLE_IDS]).toEqual(TRITON_PUZZLES.map((p) => p.id));
  });

  it('takes a lesson’s props and says plainly what it cannot use', () => {
    const tune = checkState(tritonKernelSchema, { puzzle: 'tiled-matmul', view: 'autotune' });
    expect(tune.state).toEqual({ puzzle: 'tiled-matmul', view: 'autotune', gpu: 'h100-sxm' });
    expect(tune.notices).toEqual([]);
    const bad = checkState(tritonKernelSchema, {
      puzzle: 'softmax',
      view: 'tune',
      gpu: 'h900',
    });
    expect(bad.state).toEqual(tritonKernelSchema.defaults);
    expect(bad.notices).toEqual([
      'Kernel: "softmax" is not one of the choices; using fused-softmax.',
      'View: "tune" is not one of the choices; using kernel.',
      'Modeled GPU: "h900" is not one of the choices; using h100-sxm.',
    ]);
  });

  it('reads a hostile link without throwing and round-trips valid ones', () => {
    expect(fuzzSchema(tritonKernelSchema, 200, 13).failures).toEqual([]);
  });
});
