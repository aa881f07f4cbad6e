import { afterAll, describe, expect, it } from 'vitest';
import { runKernelOnce } from '../../measure/measure-kernel';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import { FALLBACK_VEC4S_PER_INVOCATION } from '../../vec4-stream';
import { COPY_WORKGROUP_SIZE } from './copy';

const acquisition = await acquireNodeGpu();
warnIfUnavailable(acquisition, 'copy kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;

afterAll(() => gpu?.device.destroy());

/** Elements one workgroup covers with 1 vec4 per invocation (GPUs) and with 16 (fallback). */
const span = COPY_WORKGROUP_SIZE * 4;
const fallbackSpan = span * FALLBACK_VEC4S_PER_INVOCATION;

describe('copy kernel on real WebGPU', () => {
  // 1, a prime, sizes just off a vec4 and a workgroup span, and a large one (16 MiB + 1 value).
  for (const elements of [1, 2, 6, 104_729, span - 3, span + 2, fallbackSpan + 1, (1 << 22) + 1]) {
    it.skipIf(!gpu)(`copies ${elements} element(s) exactly`, async () => {
      const run = await runKernelOnce(gpu!, 'copy', { elements });
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
      expect(run.output.length).toBe(elements);
    });
  }

  for (const vec4sPerInvocation of [1, 3, 16]) {
    it.skipIf(!gpu)(`is correct with ${vec4sPerInvocation} vec4(s) per invocation`, async () => {
      const run = await runKernelOnce(gpu!, 'copy', { elements: 50_001, vec4sPerInvocation });
      expect(run.check.ok, describeF32Check(run.check)).toBe(true);
    });
  }

  it.skipIf(!gpu)('is correct on a 2-D grid with spare workgroups', async () => {
    const elements = 60 * 1024 - 1;
    const run = await runKernelOnce(
      gpu!,
      'copy',
      { elements, vec4sPerInvocation: 1 },
      { maxWorkgroupsPerDimension: 8 },
    );
    expect(run.plan.dispatches[0]).toEqual([8, 8, 1]);
    expect(run.check.ok, describeF32Check(run.check)).toBe(true);
  });
});
