/**
 * Measuring the half-precision matmul and its f32 twin on a device, the way every kernel is
 * measured (measure.ts: the harness times it, the result is checked against the f64 reference),
 * and reporting how far each result is from the exact product.
 */
import type { GpuContext } from '../../device';
import { measureJob, runJobOnce, type MeasuredJob, type MeasureJobOptions } from '../../measure';
import type { F32Check } from '../../../compute/verify-f32';
import { createHalfMatmulJob, type HalfMatmulJob } from './job';
import type { HalfMatmulVariant, MatmulErrors } from './matmul-f16';

/** The WebGPU feature f16 WGSL needs. */
export const SHADER_F16: GPUFeatureName = 'shader-f16';

/** Quick timing: a few batches, well under a second each on a real GPU. */
export const HALF_MATMUL_MEASURE_OPTIONS = { samples: 5, minSamples: 3, budgetSeconds: 1 } as const;

/** Whether a device was created with "shader-f16" (so f16 WGSL compiles on it). */
export function deviceHasShaderF16(gpu: GpuContext): boolean {
  return gpu.device.features.has(SHADER_F16);
}

/** A measured, checked run of one variant, with its errors against the exact product. */
export interface HalfMatmulMeasurement extends MeasuredJob {
  variant: HalfMatmulVariant;
  n: number;
  errors: MatmulErrors;
}

function requireF16(gpu: GpuContext, variant: HalfMatmulVariant): void {
  if (variant === 'f16' && !deviceHasShaderF16(gpu)) {
    throw new Error(
      'This WebGPU device was created without the "shader-f16" feature, so f16 WGSL cannot run on it.',
    );
  }
}

/**
 * Measures the n × n product in `variant` on the device. Throws an Error when f16 is asked of a
 * device without "shader-f16", when WebGPU reports a problem, or when the device is lost.
 */
export async function measureHalfMatmul(
  gpu: GpuContext,
  variant: HalfMatmulVariant,
  n: number,
  options: MeasureJobOptions = {},
): Promise<HalfMatmulMeasurement> {
  requireF16(gpu, variant);
  let job: HalfMatmulJob | undefined;
  const run = await measureJob(
    gpu,
    async (context) => (job = await createHalfMatmulJob(context, variant, n)),
    { measure: HALF_MATMUL_MEASURE_OPTIONS, ...options },
  );
  const errors = job?.errors();
  if (!errors) throw new Error(`The ${variant} matmul's result was never checked.`);
  return { ...run, variant, n, errors };
}

/** Runs one variant once, untimed, and checks it (the kernel's tests use it). */
export async function runHalfMatmulOnce(
  gpu: GpuContext,
  variant: HalfMatmulVariant,
  n: number,
): Promise<{ check: F32Check; errors: MatmulErrors; output: Float32Array }> {
  requireF16(gpu, variant);
  let job: HalfMatmulJob | undefined;
  const run = await runJobOnce(
    gpu,
    async (context) => (job = await createHalfMatmulJob(context, variant, n)),
  );
  const errors = job?.errors();
  if (!errors) throw new Error(`The ${variant} matmul's result was never checked.`);
  return { check: run.check, errors, output: run.output };
}
