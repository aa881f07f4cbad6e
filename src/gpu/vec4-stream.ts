/**
 * Layout of the streaming kernels (copy, ReLU, the first pass of the sum): an f32 array is read
 * as vec4s, padded with zeros to a whole vec4, and each workgroup handles one contiguous span
 * of `workgroupSize * vec4sPerInvocation` vec4s, lane l taking vec4s l, l + workgroupSize, ...
 * so neighbouring lanes always touch neighbouring memory. Pure arithmetic.
 */
import { requireInteger } from '../compute/require-integer';
import { gridForWorkgroups, type Grid3 } from './kernel-plan';

/** Bytes in one f32. */
export const F32_BYTES = 4;
/** Bytes in one vec4<f32>. */
export const VEC4_BYTES = 16;

/**
 * vec4s each invocation of a streaming kernel handles on a hardware GPU: one, so that as many
 * loads as possible are in flight at once. Measured with the copy kernel on an H100 through Dawn
 * and Vulkan at 128 MiB: 2.94 TB/s with 1, 1.59 TB/s with 4, 1.49 TB/s with 16.
 */
export const GPU_VEC4S_PER_INVOCATION = 1;

/**
 * vec4s per invocation on a software fallback adapter, where each invocation is a loop on a CPU
 * core and fixed costs per invocation dominate: 16 doubled SwiftShader's bandwidth over 1
 * (about 1.8 against 0.6-1.0 GB/s for 64 MiB on two cores).
 */
export const FALLBACK_VEC4S_PER_INVOCATION = 16;

/** vec4s per invocation for the streaming kernels on an adapter of this kind. */
export function streamVec4sPerInvocation(isFallback: boolean): number {
  return isFallback ? FALLBACK_VEC4S_PER_INVOCATION : GPU_VEC4S_PER_INVOCATION;
}

/** How a streaming kernel covers an array. */
export interface Vec4Stream {
  /** vec4s covering the array (the last one zero-padded). */
  vec4s: number;
  /** Bytes of a buffer holding the padded array. */
  paddedBytes: number;
  /** Workgroups one pass needs. */
  workgroups: number;
  /** Those workgroups laid out on a grid that respects the per-dimension limit. */
  grid: Grid3;
}

/** Launch options of the streaming kernels. */
export interface StreamOptions {
  /** The device's maxComputeWorkgroupsPerDimension (65,535 when left out). */
  maxWorkgroupsPerDimension?: number;
  /** vec4s each invocation handles (each kernel has its default). */
  vec4sPerInvocation?: number;
}

/**
 * What a streaming kernel's run is given: `elements` f32 values, and the vec4s each invocation
 * handles when the caller chooses them (otherwise the kernel's choice for the adapter).
 */
export interface StreamSize {
  elements: number;
  vec4sPerInvocation?: number;
}

/** The layout of `elements` f32 values streamed as vec4s. */
export function vec4Stream(
  elements: number,
  workgroupSize: number,
  vec4sPerInvocation: number,
  maxWorkgroupsPerDimension: number,
): Vec4Stream {
  requireInteger('elements', elements, 1);
  requireInteger('workgroupSize', workgroupSize, 1);
  requireInteger('vec4sPerInvocation', vec4sPerInvocation, 1);
  const vec4s = Math.ceil(elements / 4);
  const workgroups = Math.ceil(vec4s / (workgroupSize * vec4sPerInvocation));
  return {
    vec4s,
    paddedBytes: vec4s * VEC4_BYTES,
    workgroups,
    grid: gridForWorkgroups(workgroups, maxWorkgroupsPerDimension),
  };
}
