import { afterAll, describe, expect, it } from 'vitest';
import { gridForItems } from '../../dispatch';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { compareU32, describeComparison } from '../../verify';
import { elementwiseInput, reluCpu } from './explorer-elementwise';
import { runElementwiseOnGpu } from './runner';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'explorer elementwise kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
const noGpu = gpu === undefined;

afterAll(() => gpu?.device.destroy());

/** Runs ReLU on the GPU and checks every output bit against the CPU reference. */
async function expectMatchesCpu(elements: number, workgroupSize: number) {
  if (!gpu) throw new Error('no GPU');
  const input = elementwiseInput(elements);
  const run = await runElementwiseOnGpu(gpu, input, {
    workgroupSize,
    targetBatchSeconds: 0.005,
    batches: 2,
    maxRepeats: 8,
  });
  const expected = new Uint32Array(reluCpu(input).buffer);
  const comparison = compareU32(expected, new Uint32Array(run.output.buffer));
  expect(comparison.ok, describeComparison(comparison)).toBe(true);
  expect(run.secondsPerKernel).toBeGreaterThan(0);
  expect(run.repeats).toBeGreaterThanOrEqual(1);
  return run;
}

describe('explorer ReLU kernel on real WebGPU', () => {
  it.skipIf(noGpu)('reports the adapter it runs on', () => {
    console.info(
      `explorer relu: ${gpu?.adapter.vendor} ${gpu?.adapter.architecture} ` +
        `(fallback: ${String(gpu?.adapter.isFallback)})`,
    );
    expect(gpu?.adapter.limits.maxComputeInvocationsPerWorkgroup).toBeGreaterThanOrEqual(256);
  });

  for (const [elements, workgroupSize] of [
    [1, 64],
    [31, 32],
    [64, 64],
    [1000, 128],
    [524_288, 256],
  ] as const) {
    it.skipIf(noGpu)(
      `matches the CPU bit for bit: ${elements} elements, ${workgroupSize} per workgroup`,
      async () => {
        const run = await expectMatchesCpu(elements, workgroupSize);
        expect(run.workgroupSize).toBe(workgroupSize);
      },
    );
  }

  it.skipIf(noGpu)('lowers a workgroup size the device cannot run', async () => {
    const run = await expectMatchesCpu(5000, 1024);
    expect(run.workgroupSize).toBeLessThanOrEqual(
      gpu?.device.limits.maxComputeInvocationsPerWorkgroup ?? 0,
    );
  });

  it.skipIf(noGpu)('uses a 2-D grid past 65,535 workgroups', async () => {
    const elements = 65_535 * 32 + 77;
    expect(gridForItems(elements, 32, 65_535).y).toBe(2);
    const run = await expectMatchesCpu(elements, 32);
    expect(run.grid.y).toBe(2);
  });

  it.skipIf(noGpu)('stops at once when aborted', async () => {
    if (!gpu) return;
    const abort = new AbortController();
    abort.abort(new Error('stopped by the test'));
    await expect(
      runElementwiseOnGpu(gpu, elementwiseInput(100), { workgroupSize: 64, signal: abort.signal }),
    ).rejects.toThrow('stopped by the test');
  });
});
