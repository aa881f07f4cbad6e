import { afterAll, describe, expect, it } from 'vitest';
import { acquireNodeGpu, warnIfUnavailable } from '../../testing/node-gpu';
import { describeF32Check } from '../../../compute/verify-f32';
import { runKernelOnce } from '../../measure/measure-kernel';
import { SHADER_F16 } from './job';
import type { HalfMatmulVariant } from './matmul-f16';

const acquisition = await acquireNodeGpu({ optionalFeatures: [SHADER_F16] });
warnIfUnavailable(acquisition, 'f16 matmul kernel');
const gpu = acquisition.ok ? acquisition.gpu : undefined;
const hasF16 = gpu ? gpu.device.features.has(SHADER_F16) : false;

/** The sizes the precision widget offers (n × n times n × n). */
const OFFERED_SIZES = [64, 128, 256];

/** One variant run once, checked, with its errors against the exact product. */
async function runOnce(variant: HalfMatmulVariant, n: number) {
  const run = await runKernelOnce(gpu!, 'matmul-f16', { n, variant });
  return { check: run.check, errors: run.detail };
}
if (gpu && !hasF16) {
  console.warn(
    `[f16 matmul kernel] skipping the f16 variant: this WebGPU adapter (${gpu.adapter.vendor} ` +
      `${gpu.adapter.architecture}${gpu.adapter.isFallback ? ', a software fallback' : ''}) does ` +
      `not offer "shader-f16" (it offers: ${gpu.adapter.features.join(', ') || 'nothing'}). ` +
      'The f32 twin is still tested.',
  );
}

if (hasF16) {
  console.warn(
    '[f16 matmul kernel] skipping the refusal test: this device has "shader-f16", so f16 runs.',
  );
}

afterAll(() => gpu?.device.destroy());

/** Why a group of tests does not run on this machine, for its name (the summary lists skips). */
const skipped = (reason: string | null) => (reason ? ` (skipped: ${reason})` : '');
const noGpu = gpu ? null : 'no WebGPU device';
const noF16 = noGpu ?? (hasF16 ? null : 'this adapter has no "shader-f16"');

describe(`the f32 twin of the f16 matmul on real WebGPU${skipped(noGpu)}`, () => {
  for (const n of [2, 18, ...OFFERED_SIZES]) {
    it.skipIf(noGpu !== null)(
      `matches the f64 product within the f32 bound at n = ${n}`,
      async () => {
        const run = await runOnce('f32', n);
        expect(run.check.ok, describeF32Check(run.check)).toBe(true);
        expect(run.check.checked).toBe(n * n);
        expect(run.errors.checked).toBe(n * n);
        // f16 inputs have 11 significant bits, so the products are exact in f32: only the sums
        // round, and the result is far closer to the exact product than f16 arithmetic gets.
        expect(run.errors.relativeError).toBeLessThan(1e-5);
      },
    );
  }

  const refusal = noGpu ?? (hasF16 ? 'this device has "shader-f16", so f16 runs' : null);
  it.skipIf(refusal !== null)(
    `refuses the f16 variant on a device without shader-f16${skipped(refusal)}`,
    async () => {
      await expect(runOnce('f16', 16)).rejects.toThrow(/without the "shader-f16"/);
    },
  );
});

describe(`the f16 matmul on real WebGPU${skipped(noF16)}`, () => {
  for (const n of [18, ...OFFERED_SIZES]) {
    it.skipIf(noF16 !== null)(
      `stays within the f16 bound at n = ${n}, with more error than f32`,
      async () => {
        const half = await runOnce('f16', n);
        const full = await runOnce('f32', n);
        expect(half.check.ok, describeF32Check(half.check)).toBe(true);
        expect(half.errors.maxAbsError).toBeGreaterThan(full.errors.maxAbsError);
      },
    );
  }
});
