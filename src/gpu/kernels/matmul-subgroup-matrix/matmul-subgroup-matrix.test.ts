import { describe, expect, it } from 'vitest';
import {
  paddedShapeFor,
  pickF16Config,
  subgroupMatrixMatmulWgsl,
  subgroupMatrixSupport,
  SUBGROUP_MATRIX_BINDINGS,
  SUBGROUP_MATRIX_FEATURE,
  type SubgroupMatrixConfig,
} from './matmul-subgroup-matrix';

const f16: SubgroupMatrixConfig = {
  componentType: 'f16',
  resultComponentType: 'f32',
  M: 16,
  N: 16,
  K: 16,
};
const small = { ...f16, M: 8, N: 8, K: 8 };
const int8 = { componentType: 'i8', resultComponentType: 'i32', M: 16, N: 16, K: 32 };

describe('subgroup-matrix support', () => {
  it('says why it is absent when the adapter lacks the feature (SwiftShader, most browsers)', () => {
    const support = subgroupMatrixSupport({ features: ['subgroups', 'timestamp-query'] });
    expect(support.available).toBe(false);
    if (!support.available) {
      expect(support.reason).toContain(SUBGROUP_MATRIX_FEATURE);
      expect(support.reason).toMatch(/tensor-core/);
    }
  });

  it('needs shader-f16 and an f16 x f16 -> f32 configuration', () => {
    const features = [SUBGROUP_MATRIX_FEATURE, 'shader-f16'];
    const noF16 = subgroupMatrixSupport({ features: [SUBGROUP_MATRIX_FEATURE] });
    expect(noF16).toMatchObject({ available: false, reason: expect.stringMatching(/shader-f16/) });
    const onlyInt = subgroupMatrixSupport({ features, subgroupMatrixConfigs: [int8] });
    expect(onlyInt).toMatchObject({
      available: false,
      reason: expect.stringContaining('i8→i32 16x16x32'),
    });
    expect(
      subgroupMatrixSupport({ features, subgroupMatrixConfigs: [f16], subgroupMaxSize: 32 }),
    ).toEqual({ available: true, config: f16, subgroupSize: 32 });
    expect(subgroupMatrixSupport({ features, subgroupMatrixConfigs: [f16] }).available).toBe(false);
  });

  it('picks the f16 -> f32 configuration with the most multiply-adds', () => {
    expect(pickF16Config([small, int8, f16])).toBe(f16);
    expect(pickF16Config([int8])).toBeNull();
  });
});

describe('the generated f16 matmul', () => {
  it('enables f16 and subgroup matrices, and accumulates f16 products in f32 matrices', () => {
    const wgsl = subgroupMatrixMatmulWgsl({ config: f16, subgroupSize: 32 });
    expect(wgsl).toMatch(/^enable f16;$/m);
    expect(wgsl).toMatch(/^enable chromium_experimental_subgroup_matrix;$/m);
    expect(SUBGROUP_MATRIX_BINDINGS.map((b) => b.type)).toEqual([
      'PaddedDims',
      'array<f16>',
      'array<f16>',
      'array<f32>',
    ]);
    expect(wgsl).not.toMatch(/@binding/);
    expect(wgsl).toContain('@compute @workgroup_size(32)');
    // 2 x 2 result matrices per workgroup, each f32, each fed by a left and a right f16 matrix.
    expect(wgsl.match(/= subgroup_matrix_result<f32, 16, 16>\(\);/g)).toHaveLength(4);
    expect(wgsl.match(/subgroupMatrixMultiplyAccumulate\(/g)).toHaveLength(4);
    expect(wgsl).toContain(
      'subgroupMatrixLoad<subgroup_matrix_left<f16, 16, 16>>(&a, (row0 + 16u) * dims.k + k0, false, dims.k)',
    );
    expect(wgsl).toContain(
      'subgroupMatrixStore(&c, (row0 + 0u) * dims.n + col0 + 16u, acc_0_1, false, dims.n)',
    );
    expect(wgsl).toContain('k0 = k0 + 16u');
  });

  it('writes a non-square configuration as columns then rows, and the later layout syntax', () => {
    const wgsl = subgroupMatrixMatmulWgsl({
      config: { ...f16, M: 8, N: 16, K: 32 },
      subgroupSize: 64,
      tilesM: 1,
      tilesN: 3,
      layoutSyntax: 'template',
    });
    expect(wgsl).toContain('subgroupMatrixLoad<subgroup_matrix_left<f16, 32, 8>, row_major>(&a,');
    expect(wgsl).toContain('subgroupMatrixLoad<subgroup_matrix_right<f16, 16, 32>, row_major>(&b,');
    expect(wgsl).toContain('subgroupMatrixStore<row_major>(&c,');
    expect(wgsl.match(/subgroupMatrixMultiplyAccumulate\(/g)).toHaveLength(3);
    expect(wgsl).toContain('let col0 = group.x * 48u;');
    expect(() => subgroupMatrixMatmulWgsl({ config: f16, subgroupSize: 0 })).toThrow(RangeError);
  });

  it('pads shapes to whole workgroup blocks and K steps', () => {
    expect(paddedShapeFor({ m: 33, n: 64, k: 17 }, { config: f16, subgroupSize: 32 })).toEqual({
      m: 64,
      n: 64,
      k: 32,
    });
  });
});
