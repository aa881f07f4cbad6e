/** Jobs of the two matmul kernels: A and B uploaded, C written, checked element by element. */
import { makeInput } from '../../kernel-inputs';
import { matmulCpuAt, matmulElements, matmulTolerance, type MatmulShape } from '../../matmul-shape';
import { allIndices, checkElements, sampledIndices } from '../../verify-f32';
import { labPlan } from '../lab-kernels';
import { withErrorScopes } from '../../error-scopes';
import { cachedPipeline, labPipelineSpec } from '../lab-pipelines';
import { formatBytes } from '../size-limits';
import {
  BufferSet,
  dispatch,
  inputUsage,
  outputUsage,
  SEEDS,
  uniformUsage,
  type JobLayout,
  type LabJob,
} from './job';

/** Most multiply-adds the CPU spends checking one result (about 50 ms of JavaScript). */
export const MATMUL_CHECK_BUDGET = 1 << 24;

/**
 * The output elements to check: all of them when the CPU can afford it, otherwise an even sample
 * (first and last included) sized to the budget, and never fewer than 64.
 */
export function matmulCheckIndices(shape: MatmulShape): Iterable<number> {
  const total = shape.m * shape.n;
  if (total * shape.k <= MATMUL_CHECK_BUDGET) return allIndices(total);
  return sampledIndices(total, Math.max(64, Math.floor(MATMUL_CHECK_BUDGET / shape.k)));
}

/** Builds a naive or tiled matmul job for `shape`; buffers are created in `buffers`. */
export async function createMatmulJob(
  device: GPUDevice,
  buffers: BufferSet,
  layout: JobLayout,
  kernel: 'matmul-naive' | 'matmul-tiled',
  shape: MatmulShape,
): Promise<LabJob> {
  const plan = labPlan(kernel, shape, layout.maxWorkgroupsPerDimension);
  const pipeline = await cachedPipeline(device, labPipelineSpec(kernel, 1));
  const sizes = matmulElements(shape);
  const a = makeInput(sizes.a, SEEDS.matmulA);
  const b = makeInput(sizes.b, SEEDS.matmulB);
  return withErrorScopes(
    device,
    `allocate the matmul buffers (${formatBytes((sizes.a + sizes.b + sizes.c) * 4)})`,
    () => {
      const dims = buffers.create('matmul dims', 16, uniformUsage());
      const aBuffer = buffers.create('matmul A', sizes.a * 4, inputUsage());
      const bBuffer = buffers.create('matmul B', sizes.b * 4, inputUsage());
      const cBuffer = buffers.create('matmul C', sizes.c * 4, outputUsage());
      device.queue.writeBuffer(dims, 0, new Uint32Array([shape.m, shape.n, shape.k, 0]));
      device.queue.writeBuffer(aBuffer, 0, a);
      device.queue.writeBuffer(bBuffer, 0, b);
      const group = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: { buffer: dims } },
          { binding: 1, resource: { buffer: aBuffer } },
          { binding: 2, resource: { buffer: bBuffer } },
          { binding: 3, resource: { buffer: cBuffer } },
        ],
      });
      const grid = plan.dispatches[0] ?? [1, 1, 1];
      return {
        plan,
        record: (pass) => dispatch(pass, pipeline, group, grid),
        output: cBuffer,
        outputBytes: sizes.c * 4,
        verify(result) {
          const absSums = new Map<number, number>();
          const expectedAt = (index: number): number => {
            const reference = matmulCpuAt(
              a,
              b,
              shape,
              Math.floor(index / shape.n),
              index % shape.n,
            );
            absSums.set(index, reference.absSum);
            return reference.value;
          };
          return checkElements(matmulCheckIndices(shape), sizes.c, expectedAt, result, (index) =>
            matmulTolerance(shape.k, absSums.get(index) ?? 0),
          );
        },
      };
    },
  );
}
