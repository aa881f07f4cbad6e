import { afterAll, describe, expect, it } from 'vitest';
import { runKernelOnce } from '../../measure/measure-kernel';
import { MATMUL_SHAPES_UNDER_TEST, type MatmulShape } from '../../../compute/matmul-reference';
import { LARGE_PRODUCT } from '../../testing/matmul-shapes';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'register-blocked matmul kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/**
 * Shapes around this kernel's own sizes: the 128-wide block one off either way, k below, at and
 * one off the 8-deep k-step, k and n off a multiple of 4 (padded rows), primes, and grids of
 * several blocks in both directions.
 */
const BLOCKED_SHAPES: readonly MatmulShape[] = [
  { m: 127, n: 129, k: 8 },
  { m: 129, n: 127, k: 9 },
  { m: 128, n: 128, k: 7 },
  { m: 131, n: 257, k: 2 },
  { m: 257, n: 131, k: 33 },
  { m: 263, n: 389, k: 61 },
  { m: 2, n: 300, k: 4 },
  { m: 300, n: 3, k: 1 },
];

describe('register-blocked matmul on real WebGPU', () => {
  // Tolerance per element: gamma_(k+1) · Σ|a·b| (matmul-shape.ts).
  for (const shape of [...MATMUL_SHAPES_UNDER_TEST, ...BLOCKED_SHAPES]) {
    it.skipIf(!gpu)(`computes ${shape.m} x ${shape.n} x ${shape.k}`, async () => {
      const run = await runKernelOnce(gpu!, 'matmul-blocked', shape);
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      expect(run.check.checked).toBe(shape.m * shape.n);
    });
  }

  it.skipIf(!gpu)('checks a large product on a sample of its elements', async () => {
    const shape = LARGE_PRODUCT;
    const run = await runKernelOnce(gpu!, 'matmul-blocked', shape);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run.check.total).toBe(shape.m * shape.n);
    expect(run.check.checked).toBeLessThan(run.check.total);
    expect(run.plan.dispatches).toEqual([[4, 3, 1]]);
  });
});
