import { afterAll, describe, expect, it } from 'vitest';
import { measureKernel, runKernelOnce } from '../../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import { TENSOR_CORE_FEATURES, tensorCoreSupport } from '.';
import { SUBGROUP_MATRIX_FEATURE } from './matmul-subgroup-matrix';

const acquisition = await acquireNodeGpu({ optionalFeatures: [...TENSOR_CORE_FEATURES] });
warnIfUnavailable(acquisition, 'tensor-core matmul');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
const support = gpu ? tensorCoreSupport(gpu) : undefined;

afterAll(() => gpu?.device.destroy());

describe('the f16 tensor-core matmul on real WebGPU', () => {
  it.skipIf(!gpu || support?.available)(
    'is absent, saying why, where the adapter lacks subgroup matrices' +
      (!gpu
        ? ' (skipped: no WebGPU adapter)'
        : support?.available
          ? ' (skipped: this adapter has them)'
          : ''),
    async () => {
      expect(support?.available).toBe(false);
      if (support && !support.available) expect(support.reason).toContain(SUBGROUP_MATRIX_FEATURE);
      await expect(
        measureKernel(gpu!, 'matmul-subgroup-matrix', { m: 16, n: 16, k: 16 }),
      ).rejects.toThrow(SUBGROUP_MATRIX_FEATURE);
    },
  );

  // Only where the adapter has them (a GPU with Dawn's experimental feature): off the block sizes.
  for (const shape of [
    { m: 70, n: 50, k: 40 },
    { m: 128, n: 64, k: 256 },
  ]) {
    it.skipIf(!support?.available)(
      `computes ${shape.m} x ${shape.n} x ${shape.k} against the CPU reference` +
        (support?.available ? '' : ` (skipped: ${support ? support.reason : 'no WebGPU adapter'})`),
      async () => {
        const run = await runKernelOnce(gpu!, 'matmul-subgroup-matrix', shape);
        expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      },
    );
  }
});
