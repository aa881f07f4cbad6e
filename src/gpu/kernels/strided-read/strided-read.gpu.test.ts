import { afterAll, describe, expect, it } from 'vitest';
import { measureKernel, runKernelOnce } from '../../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import { STRIDED_READ_WORKGROUP_SIZE } from './strided-read';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'strided-read kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

describe('strided-read kernel on real WebGPU', () => {
  // 1, a prime, one past a workgroup, and a few thousand; strides from 1 to a whole warp.
  for (const count of [1, 7919, STRIDED_READ_WORKGROUP_SIZE + 1, 4096]) {
    for (const stride of [1, 2, 3, 8, 32]) {
      it.skipIf(!gpu)(`reads ${count} word(s) ${stride} apart exactly`, async () => {
        const run = await runKernelOnce(gpu!, 'strided-read', { count, stride });
        expect(run.check.ok, describeF32Check(run.check)).toBe(true);
        expect(run.output.length).toBe(count);
      });
    }
  }

  it.skipIf(!gpu)('is correct on a 2-D grid with spare workgroups', async () => {
    const count = 60 * STRIDED_READ_WORKGROUP_SIZE - 1;
    const run = await runKernelOnce(
      gpu!,
      'strided-read',
      { count, stride: 4 },
      { maxWorkgroupsPerDimension: 8 },
    );
    expect(run.plan.dispatches[0]).toEqual([8, 8, 1]);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
  });

  it.skipIf(!gpu)('is measured by name and checked, as the warp view measures it', async () => {
    const run = await measureKernel(
      gpu!,
      'strided-read',
      { count: 2048, stride: 8 },
      { measure: { samples: 3, minSamples: 3, minBatchSeconds: 0.001, budgetSeconds: 0.2 } },
    );
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run).toMatchObject({ kernel: 'strided-read', size: { stride: 8, count: 2048 } });
    expect(run.measurement.medianSeconds).toBeGreaterThan(0);
  });
});
