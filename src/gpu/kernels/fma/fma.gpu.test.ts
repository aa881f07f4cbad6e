import { afterAll, describe, expect, it } from 'vitest';
import { runKernelOnce } from '../../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import { FMA_WORKGROUP_SIZE } from './fma';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'FMA kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

describe('FMA kernel on real WebGPU', () => {
  // Every value of the chains is exact in f32 (fma.ts), so the check allows no error.
  for (const threads of [1, 7, FMA_WORKGROUP_SIZE - 1, FMA_WORKGROUP_SIZE + 1, 16_411]) {
    it.skipIf(!gpu)(`matches the CPU bit for bit with ${threads} thread(s)`, async () => {
      const run = await runKernelOnce(gpu!, 'fma', { elements: threads });
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      expect(run.check.maxAbsError).toBe(0);
    });
  }

  it.skipIf(!gpu)('is correct on a 2-D grid with spare workgroups', async () => {
    const threads = 60 * FMA_WORKGROUP_SIZE - 9;
    const run = await runKernelOnce(
      gpu!,
      'fma',
      { elements: threads },
      { maxWorkgroupsPerDimension: 8 },
    );
    expect(run.plan.dispatches[0]).toEqual([8, 8, 1]);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
  });
});
