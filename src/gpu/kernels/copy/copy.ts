/**
 * The vectorised copy kernel: its plan (launch and work, shared with the cost engine), its CPU
 * reference and its lab card. The WGSL twin is copy.wgsl; this file imports no WGSL.
 */
import { copyDescriptor } from '../../../engine/models';
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type KernelPlan } from '../../kernel-plan';
import { defineLabCard } from '../../lab/lab-facet';
import { streamPlanning } from '../../lab/stream-limits';
import { F32_BYTES, vec4Stream, type StreamOptions } from '../../vec4-stream';

/** Invocations per workgroup (the `WORKGROUP_SIZE` override). */
export const COPY_WORKGROUP_SIZE = 256;

/**
 * vec4s each invocation copies on a hardware GPU (the `VEC4S_PER_INVOCATION` override): one, so
 * that as many loads as possible are in flight at once. Measured on an H100 through Dawn and
 * Vulkan at 128 MiB: 2.94 TB/s with 1, 1.59 TB/s with 4, 1.49 TB/s with 16.
 */
export const COPY_VEC4S_PER_INVOCATION = 1;

/**
 * vec4s per invocation on a software fallback adapter, where each invocation is a loop on a CPU
 * core and fixed costs per invocation dominate: 16 doubled SwiftShader's bandwidth over 1
 * (about 1.8 against 0.6-1.0 GB/s for 64 MiB on two cores).
 */
export const FALLBACK_VEC4S_PER_INVOCATION = 16;

/** vec4s per invocation for the streaming kernels on an adapter of this kind. */
export function streamVec4sPerInvocation(isFallback: boolean): number {
  return isFallback ? FALLBACK_VEC4S_PER_INVOCATION : COPY_VEC4S_PER_INVOCATION;
}

/**
 * Copying `elements` f32 values: reads 4 bytes and writes 4 bytes per element (the cost engine's
 * copy, which counts both directions), one workgroup of 256 per span of 256 x
 * vec4sPerInvocation vec4s.
 */
export function copyPlan(elements: number, options: StreamOptions = {}): KernelPlan {
  const perInvocation = options.vec4sPerInvocation ?? COPY_VEC4S_PER_INVOCATION;
  const stream = vec4Stream(
    elements,
    COPY_WORKGROUP_SIZE,
    perInvocation,
    options.maxWorkgroupsPerDimension ?? DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
  );
  const descriptor = copyDescriptor(elements * F32_BYTES);
  return {
    descriptor: {
      ...descriptor,
      name: `copy ${elements.toLocaleString('en-US')} x fp32`,
      threadsPerBlock: COPY_WORKGROUP_SIZE,
      blocks: stream.workgroups,
    },
    workgroupSize: [COPY_WORKGROUP_SIZE, 1, 1],
    dispatches: [stream.grid],
  };
}

/** The CPU reference: a copy is its input. */
export function copyCpu(input: Float32Array): Float32Array {
  return input.slice();
}

/** The copy in the kernel lab (its record, index.ts, adds its WGSL and its job). */
export const COPY_CARD = defineLabCard({
  name: 'copy',
  label: 'Vectorised copy',
  summary: 'Copies an array 16 bytes at a time with no arithmetic: the memory roof of a shader.',
  lab: streamPlanning((elements, layout) => copyPlan(elements, layout)),
});
