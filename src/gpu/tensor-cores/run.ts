/**
 * Runs the f16 matmul on subgroup matrices (tensor cores) where the device has them: builds the
 * WGSL for the adapter's configuration, uploads f16 A and B padded to whole blocks, measures it
 * like every job (measure.ts) and checks C against the CPU reference. Where the feature is
 * absent it runs nothing and says why (subgroup-matrix.ts).
 */
import { inputUsage, outputUsage, uniformUsage } from '../buffers';
import type { GpuContext } from '../device';
import { withErrorScopes } from '../error-scopes';
import { bindBuffers, dispatch } from '../jobs/job';
import type { JobContext, KernelJob } from '../jobs/kernel-job';
import { defineKernel, type AnyKernelModule } from '../kernel-module';
import type { KernelPlan } from '../kernel-plan';
import { halfBits } from '../kernels/matmul-f16/half';
import { halfTolerance } from '../kernels/matmul-f16/matmul-f16';
import { measureJob, runJobOnce, type MeasuredJob, type MeasureJobOptions } from '../measure';
import { getPipeline } from '../pipelines';
import { matmulDescriptor } from '../../engine/models';
import { makeInput, SEEDS } from '../../compute/inputs';
import {
  matmulCpuAt,
  matmulTolerance,
  validateMatmulShape,
  type MatmulShape,
} from '../../compute/matmul-reference';
import { checkElements } from '../../compute/verify-f32';
import { matmulCheckIndices } from '../jobs/matmul-job';
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
} from './subgroup-matrix';

/** Features a device needs for the kernel: ask for them where the adapter offers them. */
export const TENSOR_CORE_FEATURES: readonly GPUFeatureName[] = [
  SUBGROUP_MATRIX_FEATURE as GPUFeatureName,
  SHADER_F16_FEATURE as GPUFeatureName,
];

/** Whether this device (not only its adapter) can run the kernel, or why not. */
export function tensorCoreSupport(gpu: GpuContext): SubgroupMatrixSupport {
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

const records = new Map<string, AnyKernelModule>();

/** The kernel record for a layout, one per configuration (the pipeline cache keys by name). */
function recordFor(options: SubgroupMatrixKernelOptions): AnyKernelModule {
  const { M, N, K } = options.config;
  const block = blockOf(options);
  const name =
    `matmul-subgroup-matrix-${M}x${N}x${K}-${block.rows}x${block.cols}` +
    `-sg${options.subgroupSize}-${options.layoutSyntax ?? 'bool'}`;
  let record = records.get(name);
  if (!record) {
    record = defineKernel({
      name,
      label: 'f16 tensor-core matmul',
      summary: 'C = A·B with f16 inputs and f32 accumulation on subgroup matrices.',
      wgsl: subgroupMatrixMatmulWgsl(options),
      entryPoints: { matmul_subgroup_matrix: { bindings: [0, 1, 2, 3], overrides: [] } },
      bindings: SUBGROUP_MATRIX_BINDINGS,
      sharedConstants: {},
      plan: () => {
        throw new Error('plan through subgroupMatrixPlan');
      },
      reference: null,
    }) as AnyKernelModule;
    records.set(name, record);
  }
  return record;
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

/** Builds the job: inputs exact in f16 (multiples of 1/16 in [-8, 8]), C checked in f32. */
async function createSubgroupMatrixJob(
  context: JobContext,
  options: SubgroupMatrixKernelOptions,
  shape: MatmulShape,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const kernel = recordFor(options);
  const entryPoint = 'matmul_subgroup_matrix';
  const pipeline = await getPipeline(device, { kernel, entryPoint });
  const plan = subgroupMatrixPlan(shape, options);
  const p = paddedShapeFor(shape, options);
  const a = makeInput(shape.m * shape.k, SEEDS.matmulA);
  const b = makeInput(shape.k * shape.n, SEEDS.matmulB);
  const aHalves = paddedHalves(a, shape.m, shape.k, p.m, p.k);
  const bHalves = paddedHalves(b, shape.k, shape.n, p.k, p.n);
  const cBytes = p.m * p.n * 4;
  return withErrorScopes(device, 'allocate the tensor-core matmul buffers', () => {
    const dims = buffers.create('padded dims', 16, uniformUsage());
    const aBuffer = buffers.create('f16 A (padded)', aHalves.byteLength, inputUsage());
    const bBuffer = buffers.create('f16 B (padded)', bHalves.byteLength, inputUsage());
    const cBuffer = buffers.create('f32 C (padded)', cBytes, outputUsage());
    device.queue.writeBuffer(dims, 0, new Uint32Array([p.m, p.n, p.k, 0]));
    device.queue.writeBuffer(aBuffer, 0, aHalves);
    device.queue.writeBuffer(bBuffer, 0, bHalves);
    const group = bindBuffers(device, pipeline, kernel, entryPoint, {
      dims,
      a: aBuffer,
      b: bBuffer,
      c: cBuffer,
    });
    const grid = plan.dispatches[0]!;
    return {
      label: kernel.label,
      plan,
      record: (pass) => dispatch(pass, pipeline, group, grid),
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
    };
  });
}

/** The kernel's layout on a device that has it, in one of Dawn's two spellings. */
function layoutOn(
  support: Extract<SubgroupMatrixSupport, { available: true }>,
  layoutSyntax: 'bool' | 'template',
): SubgroupMatrixKernelOptions {
  return { config: support.config, subgroupSize: support.subgroupSize, layoutSyntax };
}

/**
 * Runs `work` with the spelling this project's Dawn takes, and again with Dawn's later one if
 * the shader did not compile (the extension is experimental and its syntax has changed).
 */
async function withEitherSpelling<T>(
  work: (layoutSyntax: 'bool' | 'template') => Promise<T>,
): Promise<T> {
  try {
    return await work('bool');
  } catch (error) {
    if (!(error instanceof Error) || !/did not compile/.test(error.message)) throw error;
    return work('template');
  }
}

/** Measures the f16 tensor-core matmul at `shape`; throws where tensorCoreSupport says absent. */
export async function measureSubgroupMatrixMatmul(
  gpu: GpuContext,
  shape: MatmulShape,
  options: MeasureJobOptions = {},
): Promise<MeasuredJob> {
  const support = tensorCoreSupport(gpu);
  if (!support.available) throw new Error(support.reason);
  return withEitherSpelling((syntax) =>
    measureJob(
      gpu,
      (context) => createSubgroupMatrixJob(context, layoutOn(support, syntax), shape),
      options,
    ),
  );
}

/** Runs it once, untimed, and checks it (tests and the bench's warm-up). */
export async function runSubgroupMatrixMatmulOnce(
  gpu: GpuContext,
  shape: MatmulShape,
): Promise<{ plan: KernelPlan; check: ReturnType<KernelJob['verify']> }> {
  const support = tensorCoreSupport(gpu);
  if (!support.available) throw new Error(support.reason);
  const run = await withEitherSpelling((syntax) =>
    runJobOnce(gpu, (context) =>
      createSubgroupMatrixJob(context, layoutOn(support, syntax), shape),
    ),
  );
  return { plan: run.plan, check: run.check };
}
