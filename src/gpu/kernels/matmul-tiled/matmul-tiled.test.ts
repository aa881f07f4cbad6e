import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readWgslDeclarations } from '../../testing/wgsl-declarations';
import { matmulNaivePlan } from '../matmul-naive/matmul-naive';
import { compulsoryWork, naiveCompulsoryWork } from '../matmul-naive/testing/compulsory-work';
import { MATMUL_TILED_WORKGROUP_BYTES, matmulTiledPlan } from './matmul-tiled';

describe('tiled matmul plan', () => {
  it('does the same work as the naive kernel: tiling changes re-reads, not the work', () => {
    const shape = { m: 33, n: 47, k: 31 };
    const tiled = matmulTiledPlan(shape);
    expect(compulsoryWork(tiled)).toEqual(naiveCompulsoryWork(shape));
    expect(tiled.dispatches).toEqual(matmulNaivePlan(shape).dispatches);
  });

  it('fits the smallest workgroup memory WebGPU guarantees (16 KiB)', () => {
    // What the shader declares: every var<workgroup> array of f32, sized by its consts.
    const wgsl = readFileSync(
      fileURLToPath(new URL('./matmul-tiled.wgsl', import.meta.url)),
      'utf8',
    );
    const { consts } = readWgslDeclarations(wgsl);
    const size = (expr: string) =>
      expr
        .split('*')
        .map((term) => consts.get(term.trim()) ?? Number(term))
        .reduce((a, b) => a * b, 1);
    const arrays = [...wgsl.matchAll(/var<workgroup>\s+\w+\s*:\s*array<f32,\s*([^>]+)>/g)];
    expect(arrays).toHaveLength(2); // a tile of A and a tile of B
    const declaredBytes = arrays.reduce((sum, m) => sum + 4 * size(m[1]!), 0);
    expect(MATMUL_TILED_WORKGROUP_BYTES).toBe(declaredBytes);
    expect(MATMUL_TILED_WORKGROUP_BYTES).toBeLessThanOrEqual(16 * 1024);
  });
});
