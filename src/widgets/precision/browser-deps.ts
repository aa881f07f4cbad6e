/**
 * The kernel part's real dependencies: the page's shared WebGPU device, or, when that device was
 * made without "shader-f16" by a widget that asked first although the adapter offers it, a
 * device of this widget's own with the feature (freed when the widget goes away).
 */
import { acquireGpu, adapterLabel, measureKernel, withSharedGpu, type GpuContext } from '../../gpu';
import type { F16Support, KernelDeps, KernelResult, KernelVariant } from './kernel-controller';
import { describeF32Check } from '../../compute/verify-f32';

/** The WebGPU feature f16 WGSL needs. */
const SHADER_F16: GPUFeatureName = 'shader-f16';

/** The matmul's timing: a few batches, well under a second each on a real GPU. */
const KERNEL_MEASURE_OPTIONS = { samples: 5, minSamples: 3, budgetSeconds: 1 } as const;

/** Whether a device was created with "shader-f16" (so f16 WGSL compiles on it). */
function deviceHasShaderF16(gpu: GpuContext): boolean {
  return gpu.device.features.has(SHADER_F16);
}

/** Why a device has no f16, in words a learner can act on. */
export function f16Absence(gpu: GpuContext): string {
  const who = adapterLabel(gpu.adapter);
  const base = `This WebGPU adapter (${who}) does not offer the "shader-f16" feature, so WGSL cannot compute in f16 here; only the f32 twin runs and there is no f16 result to compare.`;
  return gpu.adapter.isFallback
    ? `${base} It is a software fallback (SwiftShader runs WebGPU on the CPU), and it offers no f16 arithmetic.`
    : `${base} Browsers offer it where the GPU and its driver support 16-bit arithmetic in shaders.`;
}

/** A device with f16 where the adapter has it: the shared one, or one of this widget's own. */
async function deviceWithF16(shared: GpuContext): Promise<{ gpu: GpuContext; release(): void }> {
  if (deviceHasShaderF16(shared) || !shared.adapter.features.includes(SHADER_F16)) {
    return { gpu: shared, release: () => {} };
  }
  const own = await acquireGpu({ optionalFeatures: [SHADER_F16, 'timestamp-query'] });
  if (own.ok && deviceHasShaderF16(own.gpu)) {
    return { gpu: own.gpu, release: () => own.gpu.device.destroy() };
  }
  if (own.ok) own.gpu.device.destroy();
  return { gpu: shared, release: () => {} };
}

/** Browser dependencies for KernelController. */
export function createBrowserKernelDeps(): KernelDeps {
  return {
    acquire: () =>
      withSharedGpu({ optionalFeatures: [SHADER_F16, 'timestamp-query'] }, async (shared) => {
        const { gpu, release } = await deviceWithF16(shared.gpu);
        const f16: F16Support = deviceHasShaderF16(gpu)
          ? { available: true }
          : { available: false, reason: f16Absence(gpu) };
        return {
          ok: true,
          target: {
            adapter: { description: adapterLabel(gpu.adapter), fallback: gpu.adapter.isFallback },
            f16,
            release,
            async measure(variant: KernelVariant, n: number, signal: AbortSignal) {
              const run = await measureKernel(
                gpu,
                'matmul-f16',
                { n, variant },
                { signal, measure: KERNEL_MEASURE_OPTIONS },
              );
              const result: KernelResult = {
                variant,
                n,
                medianSeconds: run.measurement.medianSeconds,
                timing: run.measurement.method,
                flopsPerSecond: run.flopsPerSecond,
                maxAbsError: run.detail.maxAbsError,
                relativeError: run.detail.relativeError,
                verified: run.check.ok,
                checkText: describeF32Check(run.check),
              };
              return result;
            },
          },
        };
      }),
  };
}
