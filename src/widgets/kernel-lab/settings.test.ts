import { describe, expect, it } from 'vitest';
import { isMatmulSize, LAB_KERNEL_IDS, LAB_KERNELS, planKernel } from '../../gpu';
import { checkState } from '../../state/schema';
import { serializeState } from '../../state/pairs';
import {
  DEFAULT_SIZES,
  kernelLabSchema,
  kernelPatch,
  labSizeOf,
  MAX_LAB_COUNT,
  SIZE_PRESETS,
  sizePatch,
} from './settings';

describe('lab settings', () => {
  it('has a default and presets of the right kind for every kernel', () => {
    for (const id of LAB_KERNEL_IDS) {
      const kind = LAB_KERNELS[id].sizeKind;
      // The kernel's own plan takes its default and every preset of its kind.
      for (const size of [DEFAULT_SIZES[id], ...SIZE_PRESETS[kind].map((p) => p.size)]) {
        expect(isMatmulSize(size), `${id} ${JSON.stringify(size)}`).toBe(kind === 'matmul');
        expect(() => planKernel(id, size), id).not.toThrow();
      }
    }
  });

  it('resolves a size of 0 to each kernel’s own default', () => {
    const d = kernelLabSchema.defaults;
    expect(labSizeOf(d)).toEqual({ elements: 1 << 22 });
    expect(labSizeOf({ ...d, kernel: 'fma' })).toEqual({ elements: 1 << 14 });
    expect(labSizeOf({ ...d, kernel: 'matmul-tiled', m: 512 })).toEqual({ m: 512, n: 256, k: 256 });
  });

  it('keeps only hand-set sizes, so a link carries nothing else', () => {
    const usual = checkState(kernelLabSchema, { kernel: 'copy', count: 1 << 22 });
    expect(usual.state.count).toBe(0);
    expect(serializeState(kernelLabSchema, usual.state)).toEqual([['kernel-lab.kernel', 'copy']]);
    const shape = checkState(kernelLabSchema, { kernel: 'matmul-naive', m: '300', n: 256 });
    expect(shape.state).toMatchObject({ m: 300, n: 0, k: 0 });
    expect(shape.notices).toEqual([]);
  });

  it('clamps and drops sizes that do not fit the kernel, with notices', () => {
    const big = checkState(kernelLabSchema, { count: 2 ** 40 });
    expect(big.state.count).toBe(MAX_LAB_COUNT);
    expect(big.notices[0]).toMatch(/at most 1,073,741,824/);
    const mixed = checkState(kernelLabSchema, { kernel: 'relu', m: 64 });
    expect(mixed.state.m).toBe(0);
    expect(mixed.notices).toEqual([
      'ReLU takes a count of elements, not m, n and k; those were ignored.',
    ]);
  });

  it('keeps a size of the same kind across kernels, and resets it across kinds', () => {
    expect(kernelPatch('relu', 'copy')).toEqual({ kernel: 'copy' });
    expect(kernelPatch('relu', 'matmul-tiled')).toEqual({
      kernel: 'matmul-tiled',
      count: 0,
      m: 0,
      n: 0,
      k: 0,
    });
    expect(sizePatch({ m: 1, n: 2, k: 3 })).toEqual({ m: 1, n: 2, k: 3 });
    expect(sizePatch({ elements: 9 })).toEqual({ count: 9 });
  });
});
