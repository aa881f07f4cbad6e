/**
 * The half-precision matmul's record, and its f32 twin (the same WGSL with the element type
 * switched to f32: a shader its job runs for the `f32` variant, not a kernel of its own).
 */
import { matmulBindings } from '../../jobs/matmul-job';
import type { KernelJob } from '../../jobs/kernel-job';
import { defineKernel } from '../../kernel-module';
import { defineShader, type KernelShader } from '../../kernel-shader';
import { createHalfMatmulJob } from './job';
import matmulF16Wgsl from './matmul-f16.wgsl?raw';
import {
  f32TwinSource,
  MATMUL_F16_EDGE,
  matmulF16Cpu,
  matmulF16Plan,
  type HalfMatmulVariant,
  type MatmulErrors,
} from './matmul-f16';

/** What a run is given: the edge n of the n × n product, and the variant (default f16). */
export interface MatmulF16Size {
  n: number;
  variant?: HalfMatmulVariant;
}

/** What the shader of either variant declares, less its name, label and WGSL. */
const HALF_MATMUL_SHADER = {
  entryPoints: {
    matmul_half: { bindings: [0, 1, 2, 3], overrides: ['WORKGROUP_X', 'WORKGROUP_Y'] },
  },
  bindings: matmulBindings('scalar'),
  sharedConstants: { WORKGROUP_X: MATMUL_F16_EDGE, WORKGROUP_Y: MATMUL_F16_EDGE },
};

/**
 * C = A·B in f16, one invocation per element; the `f16` variant needs the "shader-f16" device
 * feature. Its job's detail is the result's error against the exact product.
 */
export const matmulF16Kernel = defineKernel({
  name: 'matmul-f16',
  label: 'Matmul in f16',
  summary:
    'A small square matmul whose inputs, products and running sums are all f16 (shader-f16).',
  wgsl: matmulF16Wgsl,
  ...HALF_MATMUL_SHADER,
  plan: (size: MatmulF16Size, layout) =>
    matmulF16Plan(size.n, size.variant ?? 'f16', layout?.maxWorkgroupsPerDimension ?? 65_535),
  reference: matmulF16Cpu,
  job: (context, size): Promise<KernelJob<MatmulErrors>> =>
    createHalfMatmulJob(context, shaderOf(size.variant ?? 'f16'), size.variant ?? 'f16', size.n),
});

/** The same kernel with f32 elements and sums: runs on every WebGPU device. */
export const matmulF32TwinShader: KernelShader = defineShader({
  ...HALF_MATMUL_SHADER,
  name: 'matmul-f16-as-f32',
  label: 'Matmul in f32 (twin of the f16 kernel)',
  wgsl: f32TwinSource(matmulF16Wgsl),
});

/** The shader of a variant. */
function shaderOf(variant: HalfMatmulVariant): KernelShader {
  return variant === 'f16' ? matmulF16Kernel : matmulF32TwinShader;
}
