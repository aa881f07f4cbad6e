import { afterAll, describe, expect, it } from 'vitest';
import { measureKernel, runKernelOnce } from '../../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import { FALLBACK_VEC4S_PER_INVOCATION } from '../../vec4-stream';
import { RELU_WORKGROUP_SIZE } from './relu';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'ReLU kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** Elements one workgroup covers with 1 vec4 per invocation (GPUs) and with 16 (fallback). */
const span = RELU_WORKGROUP_SIZE * 4;
const fallbackSpan = span * FALLBACK_VEC4S_PER_INVOCATION;

describe('ReLU kernel on real WebGPU', () => {
  // 1, a prime, sizes just off a vec4 and a workgroup span, and a large one (16 MiB + 3 values).
  for (const elements of [1, 2, 3, 5, 7919, span - 1, span + 1, fallbackSpan - 1, (1 << 22) + 3]) {
    it.skipIf(!gpu)(`matches max(x, 0) exactly for ${elements} element(s)`, async () => {
      const run = await runKernelOnce(gpu!, 'relu', { elements });
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      expect(run.check.checked).toBe(elements);
    });
  }

  it.skipIf(!gpu)('is correct on a 2-D grid with spare workgroups', async () => {
    // 60 workgroups of 256 x 1 vec4s on a grid at most 8 wide: 8 rows of 8, 4 of them spare.
    const elements = 60 * 1024 - 5;
    const run = await runKernelOnce(
      gpu!,
      'relu',
      { elements, vec4sPerInvocation: 1 },
      { maxWorkgroupsPerDimension: 8 },
    );
    expect(run.plan.dispatches[0]).toEqual([8, 8, 1]);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
  });
});

describe('ReLU, one element per thread (the explorer’s launch), on real WebGPU', () => {
  for (const [elements, workgroupSize] of [
    [1, 64],
    [31, 32],
    [64, 64],
    [1000, 128],
    [524_288, 256],
  ] as const) {
    it.skipIf(!gpu)(
      `matches exactly: ${elements} elements, ${workgroupSize} per workgroup`,
      async () => {
        const run = await runKernelOnce(gpu!, 'relu', { elements, workgroupSize });
        expect(run.check.ok, describeF32Check(run.check)).toBe(true);
        expect(run.check.checked).toBe(elements);
        expect(run.plan.workgroupSize).toEqual([workgroupSize, 1, 1]);
      },
    );
  }

  it.skipIf(!gpu)('is correct on a 2-D grid of workgroups', async () => {
    const run = await runKernelOnce(
      gpu!,
      'relu',
      { elements: 61 * 32 - 7, workgroupSize: 32 },
      { maxWorkgroupsPerDimension: 8 },
    );
    expect(run.plan.dispatches).toEqual([[8, 8, 1]]);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
  });

  it.skipIf(!gpu)(
    'lowers a workgroup size the device cannot run, and says which it used',
    async () => {
      const run = await measureKernel(
        gpu!,
        'relu',
        { elements: 5000, workgroupSize: 1024 },
        { measure: { samples: 1, minSamples: 1, minBatchSeconds: 0.001 } },
      );
      const allowed = Math.min(1024, gpu!.device.limits.maxComputeInvocationsPerWorkgroup);
      expect(run.size).toEqual({ elements: 5000, workgroupSize: allowed });
      expect(run.sizeNote).toBe(
        allowed < 1024
          ? `Lowered the workgroup size from 1024 to ${allowed}, the most this GPU device allows.`
          : null,
      );
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    },
  );

  it.skipIf(!gpu)(
    'stops at once when aborted, and refuses an array too big for a buffer',
    async () => {
      const abort = new AbortController();
      abort.abort(new Error('stopped by the test'));
      const scalar = { elements: 100, workgroupSize: 64 };
      await expect(measureKernel(gpu!, 'relu', scalar, { signal: abort.signal })).rejects.toThrow(
        'stopped by the test',
      );
      const tooMany = gpu!.device.limits.maxStorageBufferBindingSize / 4 + 1;
      await expect(
        measureKernel(gpu!, 'relu', { elements: tooMany, workgroupSize: 64 }),
      ).rejects.toThrow(/this GPU binds at most/);
    },
  );
});
