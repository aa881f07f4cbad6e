/**
 * The vectorised copy kernel: its plan (launch and work, shared with the cost engine) and its
 * CPU reference. The WGSL twin is copy.wgsl; this file imports no WGSL.
 */
import { copyDescriptor } from '../../../engine/models';
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type KernelPlan } from '../../kernel-plan';
import {
  F32_BYTES,
  GPU_VEC4S_PER_INVOCATION,
  vec4Stream,
  type StreamOptions,
} from '../../vec4-stream';

/** Invocations per workgroup (the `WORKGROUP_SIZE` override). */
export const COPY_WORKGROUP_SIZE = 256;

/** vec4s each invocation copies by default (the `VEC4S_PER_INVOCATION` override): a GPU's. */
export const COPY_VEC4S_PER_INVOCATION = GPU_VEC4S_PER_INVOCATION;

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
