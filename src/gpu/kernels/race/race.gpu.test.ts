import { afterAll, describe, expect, it } from 'vitest';
import { gridForItems } from '../../../compute/dispatch';
import { runKernelOnce } from '../../measure/measure-kernel';
import { runRaceOnGpu, SERIAL_ITERATIONS_PER_DISPATCH } from './run';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { compareU32, describeComparison } from '../../../compute/verify';
import { raceBatchCpu, raceSerialCpu } from '../../../compute/race-reference';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'race kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
const noGpu = gpu === undefined;

afterAll(() => gpu?.device.destroy());

/** Runs a job on the GPU and checks tasks and serial chain against the CPU reference. */
async function expectMatchesCpu(
  tasks: number,
  iterations: number,
  serialIterations = 0,
  targetChunks?: number,
): Promise<{ chunks: number }> {
  if (!gpu) throw new Error('no GPU');
  const job = { tasks, iterations, serialIterations };
  const run = await runRaceOnGpu(gpu, job, targetChunks ? { targetChunks } : {});
  const comparison = compareU32(raceBatchCpu(0, tasks, iterations), run.results);
  expect(comparison.ok, describeComparison(comparison)).toBe(true);
  expect(run.results.length).toBe(tasks);
  expect(run.serialResult).toBe(raceSerialCpu(serialIterations));
  expect(run.seconds).toBeGreaterThan(0);
  return { chunks: run.chunks };
}

describe('race kernel on real WebGPU', () => {
  it.skipIf(noGpu)('reports the adapter it runs on', () => {
    expect(gpu?.adapter.limits.maxComputeWorkgroupsPerDimension).toBeGreaterThanOrEqual(65_535);
    console.info(
      `race kernel: ${gpu?.adapter.vendor} ${gpu?.adapter.architecture} ` +
        `(fallback: ${String(gpu?.adapter.isFallback)})`,
    );
  });

  for (const tasks of [1, 7, 61, 63, 65, 1000, 100_003]) {
    it.skipIf(noGpu)(`matches the CPU for ${tasks} task(s) at 0, 1 and 13 iterations`, async () => {
      for (const iterations of [0, 1, 13]) await expectMatchesCpu(tasks, iterations);
    });
  }

  it.skipIf(noGpu)('matches the CPU for long chains', async () => {
    await expectMatchesCpu(129, 5000);
  });

  it.skipIf(noGpu)('runs the serial chain, including one split over dispatches', async () => {
    for (const serialIterations of [0, 1, 1000, SERIAL_ITERATIONS_PER_DISPATCH + 3]) {
      await expectMatchesCpu(3, 2, serialIterations);
    }
  });

  it.skipIf(noGpu)('handles an empty batch', async () => {
    const { chunks } = await expectMatchesCpu(0, 10, 10);
    expect(chunks).toBe(0);
  });

  it.skipIf(noGpu)('uses a 2-D grid past 65,535 workgroups in one dispatch', async () => {
    const tasks = 65_535 * 64 + 1000;
    expect(gridForItems(tasks, 64, 65_535)).toMatchObject({ y: 2 });
    const { chunks } = await expectMatchesCpu(tasks, 1, 0, 1);
    expect(chunks).toBe(1);
  });
});

describe('the race batch as a job, measured by name', () => {
  it.skipIf(noGpu)('matches the CPU chains word for word, over a 2-D grid too', async () => {
    const run = await runKernelOnce(gpu!, 'race', { tasks: 1000, iterations: 37 });
    expect(run.check).toMatchObject({ ok: true, checked: 1000, mismatches: 0 });
    const wide = await runKernelOnce(
      gpu!,
      'race',
      { tasks: 61 * 64 - 3, iterations: 5 },
      { maxWorkgroupsPerDimension: 8 },
    );
    expect(wide.plan.dispatches).toEqual([[8, 8, 1]]);
    expect(wide.check.ok).toBe(true);
  });
});
