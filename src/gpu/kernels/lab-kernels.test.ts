import { describe, expect, it } from 'vitest';
import { countOf, isMatmulSize, shapeOf } from '../sizes/lab-facet';
import { describeSize, isLabKernelId, LAB_KERNEL_IDS, LAB_KERNELS } from './lab-kernels';
import { planKernel } from './registry';

describe('lab kernels', () => {
  it('lists nine kernels, each with a label and a summary', () => {
    expect(LAB_KERNEL_IDS).toEqual([
      'relu',
      'copy',
      'reduce',
      'reduce-fast',
      'matmul-naive',
      'matmul-tiled',
      'matmul-blocked',
      'matmul-tuned',
      'fma',
    ]);
    for (const id of LAB_KERNEL_IDS) {
      expect(LAB_KERNELS[id].id).toBe(id);
      expect(LAB_KERNELS[id].summary.length).toBeGreaterThan(20);
    }
    expect(isLabKernelId('relu')).toBe(true);
    expect(isLabKernelId('gelu')).toBe(false);
  });

  it('builds each plan from a size of the right kind', () => {
    // 9 elements (or threads), or a 3 x 5 by 5 x 4 product (2·m·n·k = 120 FLOPs).
    const flops: Record<string, number> = {
      relu: 9, // one max per element
      copy: 0,
      reduce: 9, // one add per element
      'reduce-fast': 9,
      'matmul-naive': 120,
      'matmul-tiled': 120,
      'matmul-blocked': 120,
      'matmul-tuned': 120,
      fma: 9 * 256 * 256, // 9 threads x 256 trips x 256 FLOPs per trip
    };
    for (const id of LAB_KERNEL_IDS) {
      const size = LAB_KERNELS[id].sizeKind === 'matmul' ? { m: 3, n: 4, k: 5 } : { elements: 9 };
      expect(planKernel(id, size).descriptor.flops, id).toBe(flops[id]);
    }
    // A size of the other kind is refused at run time too (the settings never make one).
    expect(() => planKernel('relu', { m: 1, n: 1, k: 1 } as never)).toThrow(RangeError);
    expect(() => planKernel('matmul-naive', { elements: 4 } as never)).toThrow(RangeError);
  });

  it('says where each kernel belongs: the matmul steps, the memory-bound kernels, the roofs', () => {
    const withStep = (step: string) => LAB_KERNEL_IDS.filter((id) => LAB_KERNELS[id].step === step);
    expect(withStep('matmul')).toEqual([
      'matmul-naive',
      'matmul-tiled',
      'matmul-blocked',
      'matmul-tuned',
    ]);
    expect(withStep('memory')).toEqual(['relu', 'reduce', 'reduce-fast']);
    expect(withStep('roof')).toEqual(['copy', 'fma']);
    const benchSize = Object.fromEntries(LAB_KERNEL_IDS.map((id) => [id, LAB_KERNELS[id].bench]));
    expect(benchSize).toEqual({
      relu: { size: 'stream', target: 0.95 },
      copy: { size: 'stream' },
      reduce: { size: 'stream' },
      'reduce-fast': { size: 'stream', target: 0.85 },
      'matmul-naive': { size: 'matmul' },
      'matmul-tiled': { size: 'matmul' },
      'matmul-blocked': { size: 'large-matmul', target: 0.5 },
      'matmul-tuned': { size: 'large-matmul', target: 0.5 },
      fma: { size: 'threads' },
    });
  });

  it('tells counts from shapes and describes them', () => {
    expect(isMatmulSize({ m: 1, n: 2, k: 3 })).toBe(true);
    expect(countOf({ elements: 5 })).toBe(5);
    expect(shapeOf({ m: 1, n: 2, k: 3 })).toEqual({ m: 1, n: 2, k: 3 });
    expect(describeSize('relu', { elements: 1 })).toBe('1 element');
    expect(describeSize('fma', { elements: 4096 })).toBe('4,096 threads');
    expect(describeSize('matmul-tiled', { m: 1, n: 2, k: 3 })).toBe('1 x 2 x 3');
  });
});
