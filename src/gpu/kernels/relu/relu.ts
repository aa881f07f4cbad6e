/**
 * The elementwise ReLU kernel: its plan (launch and work, shared with the cost engine) and its
 * CPU reference. The WGSL twin is relu.wgsl; this file imports no WGSL.
 */
import { elementwiseDescriptor } from '../../../engine/descriptor';
import { DEFAULT_MAX_WORKGROUPS_PER_DIMENSION, type KernelPlan } from '../../kernel-plan';
import { vec4Stream, type StreamOptions } from '../../vec4-stream';
import { COPY_VEC4S_PER_INVOCATION } from '../copy/copy';

/** Invocations per workgroup (the `WORKGROUP_SIZE` override). */
export const RELU_WORKGROUP_SIZE = 256;

/** vec4s each invocation handles by default: the copy kernel's, so the two stay comparable. */
export const RELU_VEC4S_PER_INVOCATION = COPY_VEC4S_PER_INVOCATION;

/** ReLU counts one operation (the comparison) per element. */
export const RELU_FLOPS_PER_ELEMENT = 1;

/** ReLU over `elements` f32 values: reads and writes 4 bytes each, one operation each. */
export function reluPlan(elements: number, options: StreamOptions = {}): KernelPlan {
  const stream = vec4Stream(
    elements,
    RELU_WORKGROUP_SIZE,
    options.vec4sPerInvocation ?? RELU_VEC4S_PER_INVOCATION,
    options.maxWorkgroupsPerDimension ?? DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
  );
  const descriptor = elementwiseDescriptor(elements, 'fp32', RELU_FLOPS_PER_ELEMENT);
  return {
    descriptor: {
      ...descriptor,
      name: `ReLU ${elements.toLocaleString('en-US')} x fp32`,
      threadsPerBlock: RELU_WORKGROUP_SIZE,
      blocks: stream.workgroups,
    },
    workgroupSize: [RELU_WORKGROUP_SIZE, 1, 1],
    dispatches: [stream.grid],
  };
}

/** The CPU reference: max(x, 0) for every element (exact in f32, so results must match exactly). */
export function reluCpu(input: Float32Array): Float32Array {
  const output = new Float32Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const x = input[i] as number;
    output[i] = x > 0 ? x : 0;
  }
  return output;
}
