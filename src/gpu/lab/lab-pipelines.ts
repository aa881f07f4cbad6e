/**
 * Compiled compute pipelines of the lab kernels, built once per device and reused. A shader that
 * does not compile, or a pipeline WebGPU refuses, becomes an Error whose message names the
 * kernel and quotes the compiler; a failed build is forgotten so the next run tries again.
 */
import copyWgsl from '../kernels/copy/copy.wgsl?raw';
import { COPY_WORKGROUP_SIZE } from '../kernels/copy/copy';
import fmaWgsl from '../kernels/fma/fma.wgsl?raw';
import { FMA_WORKGROUP_SIZE } from '../kernels/fma/fma';
import matmulNaiveWgsl from '../kernels/matmul-naive/matmul-naive.wgsl?raw';
import { MATMUL_NAIVE_WORKGROUP_EDGE } from '../kernels/matmul-naive/matmul-naive';
import matmulTiledWgsl from '../kernels/matmul-tiled/matmul-tiled.wgsl?raw';
import reduceWgsl from '../kernels/reduce/reduce.wgsl?raw';
import { REDUCE_ITEMS_PER_INVOCATION, REDUCE_WORKGROUP_SIZE } from '../kernels/reduce/reduce';
import reluWgsl from '../kernels/relu/relu.wgsl?raw';
import { RELU_WORKGROUP_SIZE } from '../kernels/relu/relu';
import { scoped } from '../error-scopes';

/** One pipeline to build: its shader, entry point and override constants. */
export interface PipelineSpec {
  /** Short name used in labels, cache keys and error messages. */
  label: string;
  code: string;
  entryPoint: string;
  constants?: Record<string, number>;
}

/** The pipeline specs of the lab, by name. */
export function labPipelineSpec(
  name: 'relu' | 'copy' | 'reduce-vec4' | 'reduce-f32' | 'matmul-naive' | 'matmul-tiled' | 'fma',
  vec4sPerInvocation: number,
): PipelineSpec {
  const reduceConstants = {
    WORKGROUP_SIZE: REDUCE_WORKGROUP_SIZE,
    ITEMS_PER_INVOCATION: REDUCE_ITEMS_PER_INVOCATION,
  };
  switch (name) {
    case 'relu':
      return {
        label: 'ReLU',
        code: reluWgsl,
        entryPoint: 'relu_vec4',
        constants: {
          WORKGROUP_SIZE: RELU_WORKGROUP_SIZE,
          VEC4S_PER_INVOCATION: vec4sPerInvocation,
        },
      };
    case 'copy':
      return {
        label: 'copy',
        code: copyWgsl,
        entryPoint: 'copy_vec4',
        constants: {
          WORKGROUP_SIZE: COPY_WORKGROUP_SIZE,
          VEC4S_PER_INVOCATION: vec4sPerInvocation,
        },
      };
    case 'reduce-vec4':
      return {
        label: 'sum',
        code: reduceWgsl,
        entryPoint: 'reduce_vec4',
        constants: reduceConstants,
      };
    case 'reduce-f32':
      return {
        label: 'sum',
        code: reduceWgsl,
        entryPoint: 'reduce_f32',
        constants: reduceConstants,
      };
    case 'matmul-naive':
      return {
        label: 'naive matmul',
        code: matmulNaiveWgsl,
        entryPoint: 'matmul_naive',
        constants: {
          WORKGROUP_X: MATMUL_NAIVE_WORKGROUP_EDGE,
          WORKGROUP_Y: MATMUL_NAIVE_WORKGROUP_EDGE,
        },
      };
    case 'matmul-tiled':
      return { label: 'tiled matmul', code: matmulTiledWgsl, entryPoint: 'matmul_tiled' };
    case 'fma':
      return {
        label: 'FMA',
        code: fmaWgsl,
        entryPoint: 'fma_chains',
        constants: { WORKGROUP_SIZE: FMA_WORKGROUP_SIZE },
      };
  }
}

/** Compiles one pipeline, turning compiler messages and refusals into a readable Error. */
export async function buildPipeline(
  device: GPUDevice,
  spec: PipelineSpec,
): Promise<GPUComputePipeline> {
  const { value: module, error } = scoped(device, `compile the ${spec.label} shader`, () =>
    device.createShaderModule({ label: spec.label, code: spec.code }),
  );
  // The compiler's own messages name the line; the error scope's text is the fallback.
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length > 0) {
    const lines = errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ');
    throw new Error(`The ${spec.label} shader did not compile: ${lines}`);
  }
  const problem = await error;
  if (problem) throw problem;
  try {
    return await device.createComputePipelineAsync({
      label: `${spec.label} (${spec.entryPoint})`,
      layout: 'auto',
      compute: { module, entryPoint: spec.entryPoint, constants: spec.constants ?? {} },
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`WebGPU could not build the ${spec.label} pipeline: ${detail}`);
  }
}

const cache = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

/** The device's pipeline for `spec`, built on first use; a failed build is retried next time. */
export function cachedPipeline(device: GPUDevice, spec: PipelineSpec): Promise<GPUComputePipeline> {
  let pipelines = cache.get(device);
  if (!pipelines) {
    pipelines = new Map();
    cache.set(device, pipelines);
  }
  const key = `${spec.label}|${spec.entryPoint}|${JSON.stringify(spec.constants ?? {})}`;
  let pipeline = pipelines.get(key);
  if (!pipeline) {
    pipeline = buildPipeline(device, spec);
    pipelines.set(key, pipeline);
    const owner = pipelines;
    pipeline.catch(() => owner.delete(key));
  }
  return pipeline;
}
