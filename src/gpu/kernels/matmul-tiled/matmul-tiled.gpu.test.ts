import { afterAll, describe, expect, it } from 'vitest';
import { runKernelOnce } from '../../measure/measure-kernel';
import { MATMUL_SHAPES_UNDER_TEST } from '../../../compute/matmul-reference';
import { LARGE_PRODUCT } from '../../testing/matmul-shapes';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'tiled matmul kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

describe('tiled matmul on real WebGPU', () => {
  // Tolerance per element: gamma_(k+1) · Σ|a·b| (matmul-shape.ts).
  for (const shape of MATMUL_SHAPES_UNDER_TEST) {
    it.skipIf(!gpu)(`computes ${shape.m} x ${shape.n} x ${shape.k}`, async () => {
      const run = await runKernelOnce(gpu!, 'matmul-tiled', shape);
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      expect(run.check.checked).toBe(shape.m * shape.n);
    });
  }

  it.skipIf(!gpu)('checks a large product on a sample of its elements', async () => {
    const shape = LARGE_PRODUCT;
    const run = await runKernelOnce(gpu!, 'matmul-tiled', shape);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run.check.total).toBe(shape.m * shape.n);
    expect(run.check.checked).toBeLessThan(run.check.total);
  });
});
