/**
 * The half-precision matmul's record (registered), and its f32 twin (the same WGSL with the
 * element type switched to f32, not registered: it is this kernel run at another precision).
 */
import { matmulBindings } from '../../jobs/matmul-job';
import { defineKernel, type AnyKernelModule } from '../../kernel-module';
import matmulF16Wgsl from './matmul-f16.wgsl?raw';
import {
  f32TwinSource,
  MATMUL_F16_EDGE,
  matmulF16Cpu,
  matmulF16Plan,
  type HalfMatmulVariant,
} from './matmul-f16';

/** What the plan is asked for. */
export interface MatmulF16Size {
  n: number;
  variant?: HalfMatmulVariant;
  maxWorkgroupsPerDimension?: number;
}

/** C = A·B in f16, one invocation per element; needs the "shader-f16" device feature. */
export const matmulF16Kernel = defineKernel({
  name: 'matmul-f16',
  label: 'Matmul in f16',
  summary:
    'A small square matmul whose inputs, products and running sums are all f16 (shader-f16).',
  wgsl: matmulF16Wgsl,
  entryPoints: {
    matmul_half: { bindings: [0, 1, 2, 3], overrides: ['WORKGROUP_X', 'WORKGROUP_Y'] },
  },
  bindings: matmulBindings('scalar'),
  sharedConstants: { WORKGROUP_X: MATMUL_F16_EDGE, WORKGROUP_Y: MATMUL_F16_EDGE },
  plan: (size: MatmulF16Size) =>
    matmulF16Plan(size.n, size.variant ?? 'f16', size.maxWorkgroupsPerDimension ?? 65_535),
  reference: matmulF16Cpu,
});

/** The same kernel with f32 elements and sums: runs on every WebGPU device. */
export const matmulF32TwinKernel: AnyKernelModule = defineKernel({
  ...matmulF16Kernel,
  name: 'matmul-f16-as-f32',
  label: 'Matmul in f32 (twin of the f16 kernel)',
  summary: 'The f16 matmul with f32 elements and sums: the reference point for its error.',
  wgsl: f32TwinSource(matmulF16Wgsl),
});

/** The record of a variant. */
export function kernelOfVariant(variant: HalfMatmulVariant): AnyKernelModule {
  return variant === 'f16' ? matmulF16Kernel : matmulF32TwinKernel;
}
