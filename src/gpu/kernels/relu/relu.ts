/**
 * The ReLU kernel's plans (launch and work, shared with the cost engine), its CPU reference and
 * what limits its one-element-per-thread launch. The WGSL twin is relu.wgsl; this file imports
 * no WGSL, so pure code can use it.
 */
import { elementwiseDescriptor } from '../../../engine/models';
import {
  DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
  linearLaunchPlan,
  type KernelPlan,
} from '../../kernel-plan';
import { requireInteger } from '../../../compute/require-integer';
import { vec4Stream, type StreamOptions } from '../../vec4-stream';
import { COPY_VEC4S_PER_INVOCATION } from '../copy/copy';

/** Invocations per workgroup of `relu_vec4` (the `WORKGROUP_SIZE` override's default). */
export const RELU_WORKGROUP_SIZE = 256;

/** vec4s each invocation handles by default: the copy kernel's, so the two stay comparable. */
export const RELU_VEC4S_PER_INVOCATION = COPY_VEC4S_PER_INVOCATION;

/** ReLU counts one operation (the comparison) per element. */
export const RELU_FLOPS_PER_ELEMENT = 1;

/** Largest workgroup `relu_f32` is planned with (WebGPU's guaranteed minimum is 256). */
export const RELU_MAX_WORKGROUP_SIZE = 1024;

/** The work of ReLU over `elements` f32 values: 4 bytes read and written, one op each. */
function reluWork(elements: number) {
  return {
    ...elementwiseDescriptor(elements, 'fp32', RELU_FLOPS_PER_ELEMENT),
    name: `ReLU ${elements.toLocaleString('en-US')} x fp32`,
  };
}

/** `relu_vec4` over `elements` f32 values, one vec4 per load, copy.wgsl's layout. */
export function reluPlan(elements: number, options: StreamOptions = {}): KernelPlan {
  const stream = vec4Stream(
    elements,
    RELU_WORKGROUP_SIZE,
    options.vec4sPerInvocation ?? RELU_VEC4S_PER_INVOCATION,
    options.maxWorkgroupsPerDimension ?? DEFAULT_MAX_WORKGROUPS_PER_DIMENSION,
  );
  return {
    descriptor: {
      ...reluWork(elements),
      threadsPerBlock: RELU_WORKGROUP_SIZE,
      blocks: stream.workgroups,
    },
    workgroupSize: [RELU_WORKGROUP_SIZE, 1, 1],
    dispatches: [stream.grid],
  };
}

/**
 * `relu_f32` over `elements` values, one per thread, in blocks of `workgroupSize` threads:
 * the launch the SM explorer draws and measures.
 */
export function reluScalarPlan(
  elements: number,
  workgroupSize: number,
  maxWorkgroupsPerDimension?: number,
): KernelPlan {
  requireInteger('elements', elements, 1);
  requireInteger('workgroupSize', workgroupSize, 1);
  if (workgroupSize > RELU_MAX_WORKGROUP_SIZE) {
    throw new RangeError(
      `workgroupSize must be at most ${RELU_MAX_WORKGROUP_SIZE}, got ${workgroupSize}`,
    );
  }
  return linearLaunchPlan(reluWork(elements), elements, workgroupSize, maxWorkgroupsPerDimension);
}

/** The CPU reference: x when x > 0, otherwise +0 (exact in f32: results must match exactly). */
export function reluCpu(input: Float32Array): Float32Array<ArrayBuffer> {
  const output = new Float32Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const x = input[i] as number;
    output[i] = x > 0 ? x : 0;
  }
  return output;
}

/** The device limits a `relu_f32` launch depends on. */
export interface ReluScalarLimits {
  maxStorageBufferBindingSize: number;
  maxBufferSize: number;
  maxComputeInvocationsPerWorkgroup: number;
  maxComputeWorkgroupSizeX: number;
}

/** The workgroup size a device allows: the wanted one, capped by both workgroup limits. */
export function allowedWorkgroupSize(wanted: number, limits: ReluScalarLimits): number {
  requireInteger('workgroupSize', wanted, 1);
  return Math.min(
    wanted,
    RELU_MAX_WORKGROUP_SIZE,
    limits.maxComputeInvocationsPerWorkgroup,
    limits.maxComputeWorkgroupSizeX,
  );
}

/** Throws a RangeError, naming the limit, when `elements` f32 values do not fit one buffer. */
export function checkReluScalarFits(elements: number, limits: ReluScalarLimits): void {
  requireInteger('elements', elements, 1);
  const bytes = elements * 4;
  const most = Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
  if (bytes > most) {
    throw new RangeError(
      `${elements.toLocaleString('en-US')} elements need ${bytes.toLocaleString('en-US')} bytes ` +
        `per buffer, but this GPU binds at most ${most.toLocaleString('en-US')} bytes.`,
    );
  }
}
