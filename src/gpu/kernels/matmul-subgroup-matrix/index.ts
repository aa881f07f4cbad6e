/**
 * The f16 matmul on subgroup matrices (tensor cores): its record, whose job writes the WGSL for
 * the device's configuration, uploads f16 A and B padded to whole blocks, and checks C against
 * the CPU reference. Where the device lacks the feature the job builds nothing and says why
 * (matmul-subgroup-matrix.ts). The record's own WGSL, what the registry shows and checks, is the
 * one for a common configuration (16 x 16 x 16, subgroups of 32).
 */
import type { GpuAdapterSummary } from '../../adapter-summary';
import { withErrorScopes } from '../../error-scopes';
import { singleDispatchJob } from '../../jobs/job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { bindMatmulBuffers, matmulCheckIndices } from '../../jobs/matmul-job';
import { defineKernel } from '../../kernel-module';
import type { KernelPlan } from '../../kernel-plan';
import { defineShader, type KernelShader } from '../../kernel-shader';
import { getPipeline } from '../../pipelines';
import { matmulDescriptor } from '../../../engine/models';
import { makeInput, SEEDS } from '../../../compute/inputs';
import {
  matmulCpu,
  matmulCpuAt,
  matmulTolerance,
  validateMatmulShape,
  type MatmulShape,
} from '../../../compute/matmul-reference';
import { checkElements } from '../../../compute/verify-f32';
import { halfBits } from '../matmul-f16/half';
import { halfTolerance } from '../matmul-f16/matmul-f16';
import {
  blockOf,
  paddedShapeFor,
  SHADER_F16_FEATURE,
  SUBGROUP_MATRIX_BINDINGS,
  SUBGROUP_MATRIX_FEATURE,
  subgroupMatrixMatmulWgsl,
  subgroupMatrixSupport,
  type SubgroupMatrixKernelOptions,
  type SubgroupMatrixSupport,
} from './matmul-subgroup-matrix';

/** Features a device needs for the kernel: ask for them where the adapter offers them. */
export const TENSOR_CORE_FEATURES: readonly GPUFeatureName[] = [
  SUBGROUP_MATRIX_FEATURE as GPUFeatureName,
  SHADER_F16_FEATURE as GPUFeatureName,
];

/** The device a job or a caller asks about: its adapter and the features it was created with. */
interface DeviceFacts {
  adapter: GpuAdapterSummary;
  device: { features: { has(name: string): boolean } };
}

/** Whether this device (not only its adapter) can run the kernel, or why not. */
export function tensorCoreSupport(gpu: DeviceFacts): SubgroupMatrixSupport {
  const support = subgroupMatrixSupport({
    features: gpu.adapter.features,
    ...(gpu.adapter.subgroupMatrixConfigs
      ? { subgroupMatrixConfigs: gpu.adapter.subgroupMatrixConfigs }
      : {}),
    ...(gpu.adapter.subgroupMaxSize ? { subgroupMaxSize: gpu.adapter.subgroupMaxSize } : {}),
  });
  if (!support.available) return support;
  const missing = TENSOR_CORE_FEATURES.filter((f) => !gpu.device.features.has(f));
  if (missing.length > 0) {
    return {
      available: false,
      reason: `The adapter offers tensor cores, but this device was created without ${missing.join(' and ')}.`,
    };
  }
  return support;
}

/** The kernel's one entry point. */
const ENTRY = 'matmul_subgroup_matrix';

/** The layout the record shows: a common f16 configuration, on subgroups of 32. */
const SHOWN_LAYOUT: SubgroupMatrixKernelOptions = {
  config: { componentType: 'f16', resultComponentType: 'f32', M: 16, N: 16, K: 16 },
  subgroupSize: 32,
};

/** The shader of a layout, less its name. */
function shaderParts(options: SubgroupMatrixKernelOptions) {
  return {
    label: 'f16 tensor-core matmul',
    wgsl: subgroupMatrixMatmulWgsl(options),
    entryPoints: { [ENTRY]: { bindings: [0, 1, 2, 3], overrides: [] } },
    bindings: SUBGROUP_MATRIX_BINDINGS,
    // Its sizes are written into the WGSL by its generator: nothing to keep in step by hand.
    sharedConstants: {},
  };
}

/** Each layout's shader, made once (the pipeline cache keys by name). */
const shaders = new Map<string, KernelShader>();

/** The shader for a layout, one per configuration. */
function shaderFor(options: SubgroupMatrixKernelOptions): KernelShader {
  const { M, N, K } = options.config;
  const block = blockOf(options);
  const name =
    `matmul-subgroup-matrix/${M}x${N}x${K}-${block.rows}x${block.cols}` +
    `-sg${options.subgroupSize}-${options.layoutSyntax ?? 'bool'}`;
  let shader = shaders.get(name);
  if (!shader) {
    shader = defineShader({ name, ...shaderParts(options) });
    shaders.set(name, shader);
  }
  return shader;
}

/** The launch and work of the kernel at a shape: the engine's fp16 matmul descriptor. */
export function subgroupMatrixPlan(
  shape: MatmulShape,
  options: SubgroupMatrixKernelOptions,
): KernelPlan {
  validateMatmulShape(shape);
  const padded = paddedShapeFor(shape, options);
  const block = blockOf(options);
  const grid = [padded.n / block.cols, padded.m / block.rows, 1] as const;
  const engine = { ...matmulDescriptor(shape.m, shape.n, shape.k, 'fp16') };
  delete engine.blocksPerSm;
  return {
    descriptor: {
      ...engine,
      name: `f16 tensor-core matmul ${shape.m}x${shape.n}x${shape.k}`,
      threadsPerBlock: options.subgroupSize,
      blocks: grid[0] * grid[1],
    },
    workgroupSize: [options.subgroupSize, 1, 1],
    dispatches: [grid],
  };
}

/** `rows` x `columns` values as f16 bits in a `paddedRows` x `paddedColumns` array of zeros. */
function paddedHalves(
  data: Float32Array,
  rows: number,
  columns: number,
  paddedRows: number,
  paddedColumns: number,
): Uint16Array<ArrayBuffer> {
  const out = new Uint16Array(paddedRows * paddedColumns);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) out[r * paddedColumns + c] = halfBits(data[r * columns + c]!);
  }
  return out;
}

/**
 * The pipeline of the device's layout, in the spelling this project's Dawn takes, or in Dawn's
 * later one if the shader did not compile (the extension is experimental and its syntax has
 * changed).
 */
async function pipelineFor(
  device: GPUDevice,
  support: Extract<SubgroupMatrixSupport, { available: true }>,
): Promise<{
  shader: KernelShader;
  options: SubgroupMatrixKernelOptions;
  pipeline: GPUComputePipeline;
}> {
  const build = async (layoutSyntax: 'bool' | 'template') => {
    const options = { config: support.config, subgroupSize: support.subgroupSize, layoutSyntax };
    const shader = shaderFor(options);
    const pipeline = await getPipeline(device, { kernel: shader, entryPoint: ENTRY });
    return { shader, options, pipeline };
  };
  try {
    return await build('bool');
  } catch (error) {
    if (!(error instanceof Error) || !/did not compile/.test(error.message)) throw error;
    return build('template');
  }
}

/**
 * Builds the job at `shape`: inputs exact in f16 (multiples of 1/16 in [-8, 8]), C checked in
 * f32. Throws, saying why, where the device cannot run the kernel.
 */
async function createSubgroupMatrixJob(
  context: JobContext,
  shape: MatmulShape,
): Promise<KernelJob> {
  const support = tensorCoreSupport(context);
  if (!support.available) throw new Error(support.reason);
  const { device } = context;
  const { shader, options, pipeline } = await pipelineFor(device, support);
  const plan = subgroupMatrixPlan(shape, options);
  const p = paddedShapeFor(shape, options);
  const a = makeInput(shape.m * shape.k, SEEDS.matmulA);
  const b = makeInput(shape.k * shape.n, SEEDS.matmulB);
  const aHalves = paddedHalves(a, shape.m, shape.k, p.m, p.k);
  const bHalves = paddedHalves(b, shape.k, shape.n, p.k, p.n);
  const cBytes = p.m * p.n * 4;
  return withErrorScopes(device, 'allocate the tensor-core matmul buffers', () => {
    const { group, cBuffer } = bindMatmulBuffers(
      context,
      { kernel: shader, entryPoint: ENTRY, pipeline },
      {
        dims: [p.m, p.n, p.k, 0],
        a: aHalves,
        b: bHalves,
        cBytes,
        labels: {
          dims: 'padded dims',
          a: 'f16 A (padded)',
          b: 'f16 B (padded)',
          c: 'f32 C (padded)',
        },
      },
    );
    return singleDispatchJob(shader, plan, pipeline, group, {
      output: cBuffer,
      outputBytes: cBytes,
      verify(result) {
        const absSums = new Map<number, number>();
        const compact = new Float32Array(shape.m * shape.n);
        for (let r = 0; r < shape.m; r++) {
          compact.set(result.subarray(r * p.n, r * p.n + shape.n), r * shape.n);
        }
        return checkElements(
          matmulCheckIndices(shape),
          shape.m * shape.n,
          (index) => {
            const ref = matmulCpuAt(a, b, shape, Math.floor(index / shape.n), index % shape.n);
            absSums.set(index, ref.absSum);
            return ref.value;
          },
          compact,
          // Products of these inputs are exact; the bound allows f16-grade accumulation too.
          (index) => {
            const absSum = absSums.get(index) ?? 0;
            return Math.max(matmulTolerance(shape.k, absSum), halfTolerance(shape.k, absSum));
          },
        );
      },
    });
  });
}

/** C = A·B with f16 inputs and f32 accumulation on the device's subgroup matrices. */
export const matmulSubgroupMatrixKernel = defineKernel({
  name: 'matmul-subgroup-matrix',
  ...shaderParts(SHOWN_LAYOUT),
  summary: 'C = A·B with f16 inputs and f32 accumulation on subgroup matrices.',
  plan: (shape: MatmulShape) => subgroupMatrixPlan(shape, SHOWN_LAYOUT),
  reference: matmulCpu,
  job: createSubgroupMatrixJob,
});
