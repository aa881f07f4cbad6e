/**
 * Jobs of the one-input, one-output elementwise kernels (copy, ReLU): an input array of f32 is
 * uploaded, the kernel writes an output array of the same length, and every element is checked
 * against the CPU reference exactly (these kernels only move or compare values).
 */
import { inputUsage, outputUsage } from '../buffers';
import { withErrorScopes } from '../error-scopes';
import { makeInput } from '../../compute/inputs';
import type { KernelPlan } from '../kernel-plan';
import type { KernelShader } from '../kernel-shader';
import type { KernelBinding } from '../kernel-source';
import { getPipeline } from '../pipelines';
import { formatBytesBinary } from '../../format/units';
import { checkEveryElement } from '../../compute/verify-f32';
import {
  streamVec4sPerInvocation,
  VEC4_BYTES,
  type StreamOptions,
  type StreamSize,
} from '../vec4-stream';
import { bindBuffers, singleDispatchJob } from './job';
import { type JobContext, type KernelJob } from './kernel-job';
import { SEEDS } from '../../compute/inputs';

/** What differs between the streaming kernels. */
export interface StreamJobSpec {
  kernel: KernelShader;
  entryPoint: string;
  constants: Readonly<Record<string, number>>;
  plan: KernelPlan;
  /** WGSL names of the input and output bindings. */
  bindings: { input: string; output: string };
  /** Bytes of each buffer (the array padded as the entry point reads it). */
  bufferBytes: number;
  /** The CPU reference of the whole array. */
  reference(input: Float32Array): Float32Array;
}

/** Builds a streaming job over `elements` f32 values; buffers are created in the context's set. */
export async function createStreamJob(
  context: JobContext,
  spec: StreamJobSpec,
  elements: number,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const { kernel, entryPoint, plan } = spec;
  const pipeline = await getPipeline(device, { kernel, entryPoint, constants: spec.constants });
  const input = makeInput(elements, SEEDS.stream);
  const action = `allocate the ${kernel.name} buffers (2 x ${formatBytesBinary(spec.bufferBytes)})`;
  return withErrorScopes(device, action, () => {
    const src = buffers.create(`${kernel.name} input`, spec.bufferBytes, inputUsage());
    const dst = buffers.create(`${kernel.name} output`, spec.bufferBytes, outputUsage());
    device.queue.writeBuffer(src, 0, input);
    const group = bindBuffers(device, pipeline, kernel, entryPoint, {
      [spec.bindings.input]: src,
      [spec.bindings.output]: dst,
    });
    return singleDispatchJob(kernel, plan, pipeline, group, {
      output: dst,
      outputBytes: elements * 4,
      uploads: [{ buffer: src, data: input }],
      verify: (result) => checkEveryElement(spec.reference(input), elements, result),
    });
  });
}

/** The bindings of the vec4 streaming entry points: what `createVec4StreamJob` binds by name. */
export const VEC4_STREAM_BINDINGS = [
  { binding: 0, name: 'src', kind: 'read-only-storage', type: 'array<vec4f>' },
  { binding: 1, name: 'dst', kind: 'storage', type: 'array<vec4f>' },
] as const satisfies readonly KernelBinding[];

/** What differs between the vec4 streaming kernels (copy, ReLU's lab entry point). */
export interface Vec4StreamSpec {
  kernel: KernelShader;
  entryPoint: string;
  workgroupSize: number;
  /** Its plan over `elements` values with this many vec4s per invocation on the layout. */
  plan(elements: number, options: Required<StreamOptions>): KernelPlan;
  reference(input: Float32Array): Float32Array;
}

/**
 * A job of a vec4 streaming kernel over `size.elements` values: `src` and `dst` padded to whole
 * vec4s, and `size.vec4sPerInvocation` per invocation (the `VEC4S_PER_INVOCATION` override),
 * else the streaming kernels' choice for the adapter.
 */
export function createVec4StreamJob(
  context: JobContext,
  spec: Vec4StreamSpec,
  size: StreamSize,
): Promise<KernelJob> {
  const { elements } = size;
  const vec4sPerInvocation =
    size.vec4sPerInvocation ?? streamVec4sPerInvocation(context.adapter.isFallback);
  return createStreamJob(
    context,
    {
      ...spec,
      constants: { WORKGROUP_SIZE: spec.workgroupSize, VEC4S_PER_INVOCATION: vec4sPerInvocation },
      plan: spec.plan(elements, { ...context.layout, vec4sPerInvocation }),
      bindings: { input: 'src', output: 'dst' },
      bufferBytes: Math.ceil(elements / 4) * VEC4_BYTES,
    },
    elements,
  );
}
