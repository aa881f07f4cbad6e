import { describe, expect, it } from 'vitest';
import { readWgslDeclarations } from '../../testing/wgsl-declarations';
import { compulsoryWork, naiveCompulsoryWork } from '../matmul-naive/testing/compulsory-work';
import { matmulBlockedKernel } from '.';
import {
  MATMUL_BLOCK_EDGE,
  MATMUL_BLOCK_OUTPUTS_EDGE,
  MATMUL_BLOCK_THREADS_EDGE,
  MATMUL_BLOCKED_WORKGROUP_BYTES,
  matmulBlockedPlan,
  paddedRowLength,
  padRows,
} from './matmul-blocked';

describe('register-blocked matmul plan', () => {
  it('does the same compulsory work as the naive kernel, in 128 x 128 blocks of 256 lanes', () => {
    const shape = { m: 300, n: 129, k: 31 };
    const blocked = matmulBlockedPlan(shape);
    expect(compulsoryWork(blocked)).toEqual(naiveCompulsoryWork(shape));
    expect(blocked.workgroupSize).toEqual([16, 16, 1]);
    expect(blocked.dispatches).toEqual([[2, 3, 1]]);
    expect(blocked.descriptor).toMatchObject({ threadsPerBlock: 256, blocks: 6 });
    expect(MATMUL_BLOCK_OUTPUTS_EDGE * MATMUL_BLOCK_THREADS_EDGE).toBe(MATMUL_BLOCK_EDGE);
  });

  it('rejects shapes below 1 and grids wider than the device allows', () => {
    expect(() => matmulBlockedPlan({ m: 0, n: 1, k: 1 })).toThrow(RangeError);
    expect(() => matmulBlockedPlan({ m: 1, n: 1, k: 1.5 })).toThrow(RangeError);
    expect(matmulBlockedPlan({ m: 256, n: 1, k: 1 }, 2).dispatches).toEqual([[1, 2, 1]]);
    expect(() => matmulBlockedPlan({ m: 257, n: 1, k: 1 }, 2)).toThrow(/workgroups/);
  });

  it('fits the smallest workgroup memory WebGPU guarantees (16 KiB)', () => {
    // What the shader declares: two var<workgroup> arrays of vec4f, sized by its consts.
    const { consts } = readWgslDeclarations(matmulBlockedKernel.source);
    // Left to right over `*` and `/`, consts replaced by their values ("TILE_M * TILE_K / 4u").
    const size = (expr: string): number => {
      const [first, ...rest] = expr.split(/\s*([*/])\s*/);
      const value = (term: string): number => consts.get(term) ?? Number(term.replace(/u$/, ''));
      let result = value(first!);
      for (let i = 0; i < rest.length; i += 2) {
        result = rest[i] === '*' ? result * value(rest[i + 1]!) : result / value(rest[i + 1]!);
      }
      return result;
    };
    const arrays = [
      ...matmulBlockedKernel.source.matchAll(/var<workgroup>\s+\w+\s*:\s*array<vec4f,\s*([^>]+)>/g),
    ];
    expect(arrays).toHaveLength(2);
    const declaredBytes = arrays.reduce((sum, m) => sum + 16 * size(m[1]!), 0);
    expect(MATMUL_BLOCKED_WORKGROUP_BYTES).toBe(declaredBytes);
    expect(MATMUL_BLOCKED_WORKGROUP_BYTES).toBeLessThanOrEqual(16 * 1024);
  });
});

describe('row padding for vec4 loads', () => {
  it('rounds rows up to whole vec4s', () => {
    expect([1, 3, 4, 5, 8].map(paddedRowLength)).toEqual([4, 4, 4, 8, 8]);
    expect(() => paddedRowLength(0)).toThrow(RangeError);
  });

  it('pads each row with zeros and keeps the values in place', () => {
    const data = new Float32Array([1, 2, 3, 4, 5, 6]);
    expect([...padRows(data, 2, 3)]).toEqual([1, 2, 3, 0, 4, 5, 6, 0]);
    expect([...padRows(data, 3, 2)]).toEqual([1, 2, 0, 0, 3, 4, 0, 0, 5, 6, 0, 0]);
  });

  it('returns aligned data as it is, and rejects a wrong element count', () => {
    const aligned = new Float32Array(8);
    expect(padRows(aligned, 2, 4)).toBe(aligned);
    expect(() => padRows(new Float32Array(5), 2, 3)).toThrow(/2 x 3/);
    expect(() => padRows(new Float32Array(0), 0, 3)).toThrow(RangeError);
  });
});
