import { afterAll, describe, expect, it } from 'vitest';
import { measureKernel, runKernelOnce } from '../../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { BRANCH_KINDS } from '../../../compute/divergence-reference';
import { describeF32Check } from '../../../compute/verify-f32';
import { DIVERGENCE_WORKGROUP_SIZE } from './divergence';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'divergence kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

describe('divergence kernel on real WebGPU', () => {
  // 1, a prime, one past a workgroup; no steps, one, and a few.
  for (const kind of BRANCH_KINDS) {
    for (const [count, trips] of [
      [1, 3],
      [997, 0],
      [DIVERGENCE_WORKGROUP_SIZE + 1, 1],
      [3000, 17],
    ] as const) {
      it.skipIf(!gpu)(`matches the CPU under "${kind}" (${count} x ${trips} steps)`, async () => {
        const run = await runKernelOnce(gpu!, 'divergence', { count, kind, trips });
        expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      });
    }
  }

  it.skipIf(!gpu)('is measured by name and checked, as the warp view measures it', async () => {
    const run = await measureKernel(
      gpu!,
      'divergence',
      { count: 1024, kind: 'even', trips: 4 },
      { measure: { samples: 3, minSamples: 3, minBatchSeconds: 0.001, budgetSeconds: 0.2 } },
    );
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run).toMatchObject({
      kernel: 'divergence',
      size: { kind: 'even', count: 1024, trips: 4 },
      sizeNote: null,
    });
  });
});
