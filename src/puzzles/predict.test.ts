/** The engine's prediction of the Triton puzzles' kernels, through the work each declares. */
import { describe, expect, it } from 'vitest';
import { listGpus } from '../engine/catalog';
import { findTritonPuzzle, TRITON_PUZZLES } from '../triton/puzzles/index';
import { predictTritonPuzzle } from './predict';

describe('predictTritonPuzzle', () => {
  it('predicts every puzzle on every catalog GPU, longer at the working size', () => {
    for (const puzzle of TRITON_PUZZLES)
      for (const gpu of listGpus()) {
        const small = predictTritonPuzzle(puzzle, gpu.id, puzzle.cases[0]!.size);
        const large = predictTritonPuzzle(puzzle, gpu.id, puzzle.workingSize);
        if (!small.ok || !large.ok) throw new Error(`${puzzle.id} on ${gpu.id}: no prediction`);
        expect(large.seconds).toBeGreaterThan(small.seconds);
      }
  });

  it('finds launching bounds the checked sizes, memory the element-wise and compute the matmul at the working size', () => {
    const bound = (id: string, size?: Readonly<Record<string, number>>) => {
      const puzzle = findTritonPuzzle(id)!;
      const p = predictTritonPuzzle(puzzle, 'h100-sxm', size ?? puzzle.workingSize);
      return p.ok ? p.bound : p.message;
    };
    expect(bound('vector-add', { n: 1000 })).toBe('overhead');
    expect(bound('vector-add')).toBe('memory');
    expect(bound('layer-norm')).toBe('memory');
    expect(bound('tiled-matmul')).toBe('compute');
  });

  it('says why when the GPU is unknown', () => {
    const p = predictTritonPuzzle(TRITON_PUZZLES[0]!, 'no-such-gpu', { n: 10 });
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.message).toMatch(/no-such-gpu/);
  });
});
