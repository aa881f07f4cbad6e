import { describe, expect, it } from 'vitest';
import { findPuzzle } from '../../puzzles/catalog/index';
import { findEquivalent } from '../../triton/puzzles/equivalents';
import { findTritonPuzzle } from '../../triton/puzzles/index';
import { otherWays, TRITON_TO_WGSL } from './three-ways';

describe('a Triton kernel three ways', () => {
  it('pairs the softmax, the vector add and the tiled matmul with their WGSL puzzles', () => {
    expect(TRITON_TO_WGSL).toMatchObject({
      'fused-softmax': 'softmax',
      'vector-add': 'zip',
      'tiled-matmul': 'tiled-matmul',
    });
    // Every pair names a Triton puzzle, a WGSL puzzle and that puzzle's CUDA C++ equivalent.
    for (const [tritonId, wgslId] of Object.entries(TRITON_TO_WGSL)) {
      expect(findTritonPuzzle(tritonId), tritonId).toBeDefined();
      expect(findPuzzle(wgslId), wgslId).toBeDefined();
      expect(findEquivalent(wgslId), wgslId).toBeDefined();
      expect(otherWays(tritonId), tritonId).not.toBeNull();
    }
  });

  it('shows the fused softmax as the WGSL softmax solution under its header, and its CUDA twin', () => {
    const ways = otherWays('fused-softmax')!;
    const wgsl = findPuzzle('softmax')!;
    expect(ways.wgslId).toBe('softmax');
    expect(ways.wgslTitle).toBe(wgsl.title);
    expect(ways.wgsl).toContain(wgsl.solution.trim());
    expect(ways.wgsl).toMatch(/^const WG: u32 = 64u;\n/);
    expect(ways.wgsl).toMatch(/var<storage, read> a: array<f32>;/);
    expect(ways.cuda).toBe(findEquivalent('softmax')!.cudaEquivalent);
    expect(ways.cuda).toMatch(/__global__ void/);
  });

  it('has nothing for a puzzle without a pair, nor for names that are not puzzles', () => {
    expect(otherWays('layer-norm')).toBeNull();
    expect(otherWays('__proto__')).toBeNull();
    expect(otherWays('constructor')).toBeNull();
  });
});
