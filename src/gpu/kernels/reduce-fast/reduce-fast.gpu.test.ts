import { afterAll, describe, expect, it } from 'vitest';
import { runKernelOnce } from '../../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import {
  REDUCE_FAST_LOADS_IN_FLIGHT,
  REDUCE_FAST_MAX_WORKGROUPS,
  REDUCE_FAST_WORKGROUP_SIZE,
  reduceFastPasses,
  type ReduceFastVariant,
} from './reduce-fast';

// Subgroups where the adapter offers them: this device can run both versions then.
const acquisition = await acquireNodeGpu({ optionalFeatures: ['subgroups'] });
warnIfUnavailable(acquisition, 'fast sum kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
const hasSubgroups = gpu?.device.features.has('subgroups') ?? false;
if (gpu && !hasSubgroups) {
  console.warn(
    '[fast sum kernel] skipping the subgroup version: this adapter does not offer the ' +
      `"subgroups" feature (${gpu.adapter.vendor} ${gpu.adapter.architecture})`,
  );
}

afterAll(() => gpu?.device.destroy());

/** Elements one workgroup covers in one trip of its loop: 256 lanes x 4 loads x 4 values. */
const trip = REDUCE_FAST_WORKGROUP_SIZE * REDUCE_FAST_LOADS_IN_FLIGHT * 4;

/** Elements from which the first pass has its most workgroups and lanes loop more than once. */
const full = trip * REDUCE_FAST_MAX_WORKGROUPS;

// 1, primes, one off a vec4, one off a workgroup's trip (one pass up to it, two after), one off
// the size where the workgroup count stops growing, and 2 * full + 5: every lane goes round
// the loop of whole trips twice, then two lanes finish a last, partial trip (2^24 + 3, twice
// the work, went round four times, which checks nothing more).
const SIZES = [1, 2, 3, 5, 7, 13, 257, 4099, trip - 1, trip, trip + 1, 3 * trip + 7];
const LARGE = [full - 1, full + 1, 2 * full + 5];

describe.each<ReduceFastVariant>(['workgroup', 'subgroups'])(
  'fast sum (%s) on real WebGPU',
  (variant) => {
    const runnable = gpu !== undefined && (variant === 'workgroup' || hasSubgroups);
    for (const elements of [...SIZES, ...LARGE]) {
      it.skipIf(!runnable)(`sums ${elements} element(s) within the f32 error bound`, async () => {
        const run = await runKernelOnce(gpu!, 'reduce-fast', { elements, variant });
        expect(run.check.ok, describeF32Check(run.check)).toBe(true);
        expect(run.plan.dispatches).toHaveLength(reduceFastPasses(elements).length);
      });
    }

    it.skipIf(!runnable)('is correct on a 2-D grid with spare workgroups', async () => {
      // 37 workgroups on a grid at most 8 wide: 8 x 5 = 40, three of them spare.
      const elements = 37 * trip - 5;
      const run = await runKernelOnce(
        gpu!,
        'reduce-fast',
        { elements, variant },
        { maxWorkgroupsPerDimension: 8 },
      );
      expect(run.plan.dispatches).toEqual([
        [8, 5, 1],
        [1, 1, 1],
      ]);
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    });
  },
);

describe('fast sum in the lab', () => {
  it.skipIf(!gpu)('runs the version the device supports', async () => {
    const run = await runKernelOnce(gpu!, 'reduce-fast', { elements: 99_991 });
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
  });

  it.skipIf(!gpu)('refuses the subgroup version on a device without the feature', async () => {
    // A second device, created without asking for subgroups.
    const plain = await acquireNodeGpu();
    if (!plain.ok) throw new Error(plain.message);
    try {
      expect(plain.gpu.device.features.has('subgroups')).toBe(false);
      await expect(
        runKernelOnce(plain.gpu, 'reduce-fast', { elements: 16, variant: 'subgroups' }),
      ).rejects.toThrow(/"subgroups" feature/);
      await expect(runKernelOnce(plain.gpu, 'reduce-subgroups', { elements: 16 })).rejects.toThrow(
        /"subgroups" feature/,
      );
    } finally {
      plain.gpu.device.destroy();
    }
  });
});
