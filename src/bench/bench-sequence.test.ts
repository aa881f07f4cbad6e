import { describe, expect, it } from 'vitest';
import { LAB_KERNEL_IDS, LAB_KERNELS } from '../gpu';
import { benchKernels, benchSequence, type BenchSizes } from './bench-sequence';

const sizes: BenchSizes = {
  stream: 1 << 24,
  threads: 1 << 16,
  matmulEdge: 512,
  largeMatmulEdge: 4096,
};

describe('the benchmark’s sequence, from the list of lab kernels', () => {
  it('runs every lab kernel in the list’s order at its size, then the copy engine', () => {
    const steps = benchSequence(sizes, false);
    const names = steps.map((s) => s.name);
    // Every lab kernel once under its own name, in the list's order (a kernel added to the list
    // joins the bench with no change here), and the copy engine last.
    expect(names.filter((n) => !n.endsWith(' (tiled shape)')).slice(0, -1)).toEqual(LAB_KERNEL_IDS);
    expect(names.at(-1)).toBe('copyBufferToBuffer');
    // The large matmuls also run at the matmul shape, just before their own sizes.
    const large = LAB_KERNEL_IDS.filter((id) => LAB_KERNELS[id].bench.size === 'large-matmul');
    expect(large).toEqual(['matmul-blocked', 'matmul-tuned']);
    const first = names.indexOf(large[0]!);
    expect(names.slice(first - large.length, first)).toEqual(
      large.map((id) => `${id} (tiled shape)`),
    );
    const sizeOf = (name: string) => {
      const step = steps.find((s) => s.name === name);
      return step?.kind === 'lab' ? step.size : null;
    };
    expect(sizeOf('relu')).toEqual({ elements: 1 << 24 });
    expect(sizeOf('fma')).toEqual({ elements: 1 << 16 });
    expect(sizeOf('matmul-tiled')).toEqual({ m: 512, n: 512, k: 512 });
    expect(sizeOf('matmul-blocked (tiled shape)')).toEqual({ m: 512, n: 512, k: 512 });
    expect(sizeOf('matmul-tuned')).toEqual({ m: 4096, n: 4096, k: 4096 });
  });

  it('puts the tensor-core matmul after the large matmuls, at their edge, where it runs', () => {
    const names = benchSequence(sizes, true).map((s) => s.name);
    expect(names.slice(8, 11)).toEqual([
      'matmul-blocked',
      'matmul-tuned',
      'matmul-f16-tensor-cores',
    ]);
    expect(benchSequence(sizes, true).find((s) => s.kind === 'tensor-cores')).toMatchObject({
      edge: 4096,
    });
  });

  it('leaves out the tiled-shape runs when the large edge is no larger', () => {
    const names = benchSequence({ ...sizes, largeMatmulEdge: 512 }, false).map((s) => s.name);
    expect(names).not.toContain('matmul-blocked (tiled shape)');
    expect(names).toContain('matmul-blocked');
  });

  it('probes each matmul size with the first kernel the list runs at it', () => {
    expect(benchKernels('matmul')[0]).toBe('matmul-naive');
    expect(benchKernels('large-matmul')[0]).toBe('matmul-blocked');
    expect(benchKernels('stream')).toEqual(['relu', 'copy', 'reduce', 'reduce-fast']);
  });
});
