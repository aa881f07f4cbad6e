import { afterAll, describe, expect, it } from 'vitest';
import { runJobOnce } from '../../measure';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { measureDivergence } from '../../warp-runner';
import { BRANCH_KINDS } from '../../../compute/divergence-reference';
import { describeF32Check } from '../../../compute/verify-f32';
import { divergenceKernel } from '.';
import { DIVERGENCE_WORKGROUP_SIZE } from './divergence';
import { createDivergenceJob } from './job';

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
        const run = await runJobOnce(gpu!, (context) =>
          createDivergenceJob(context, divergenceKernel, count, kind, trips),
        );
        expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      });
    }
  }

  it.skipIf(!gpu)('is measured and checked by the warp view’s runner', async () => {
    const run = await measureDivergence(gpu!, 'even', {
      count: 1024,
      trips: 4,
      measure: { samples: 3, minSamples: 3, minBatchSeconds: 0.001, budgetSeconds: 0.2 },
    });
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    expect(run).toMatchObject({ kind: 'even', count: 1024, trips: 4 });
  });
});
