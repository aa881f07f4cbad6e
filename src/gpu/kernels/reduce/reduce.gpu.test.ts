import { afterAll, describe, expect, it } from 'vitest';
import { runKernelOnce } from '../../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import { REDUCE_ITEMS_PER_INVOCATION, REDUCE_WORKGROUP_SIZE } from './reduce';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'sum kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** Elements one workgroup of the first pass sums. */
const span = REDUCE_WORKGROUP_SIZE * REDUCE_ITEMS_PER_INVOCATION * 4;

describe('sum reduction on real WebGPU', () => {
  // The tolerance is Higham's bound for the kernel's rounding depth (reduce.ts). Every size
  // above one span takes a second pass over the partial sums; a third pass needs more than the
  // default 128 MiB binding and is covered by reduce.test.ts. 2^22 + 5 is the large one: 257
  // workgroups, the last with 2 vec4s, so the second pass has more partial sums than lanes and
  // its lanes loop past their first item, with a tail (2^24 + 5, four times the work, only
  // gave 1,025 of them).
  const sizes = [1, 2, 3, 4, 5, 257, 65_537, span - 1, span, span + 1, 3 * span + 7];
  for (const elements of [...sizes, (1 << 22) + 5]) {
    it.skipIf(!gpu)(`sums ${elements} element(s) within the f32 error bound`, async () => {
      const run = await runKernelOnce(gpu!, 'reduce', { elements });
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    });
  }

  it.skipIf(!gpu)('is correct on a 2-D grid with spare workgroups', async () => {
    const elements = 60 * span - 3;
    const run = await runKernelOnce(gpu!, 'reduce', { elements }, { maxWorkgroupsPerDimension: 8 });
    expect(run.plan.dispatches[0]).toEqual([8, 8, 1]);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
  });
});
