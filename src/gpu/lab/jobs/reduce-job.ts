/** The sum reduction's job: a tree of passes ping-ponging between two partial-sum buffers. */
import { reduceCpu, reducePasses, reduceTolerance } from '../../kernels/reduce/reduce';
import { makeInput } from '../../kernel-inputs';
import { checkElements } from '../../verify-f32';
import { VEC4_BYTES } from '../../vec4-stream';
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

/** Builds a job summing `elements` f32 values; buffers are created in `buffers`. */
export async function createReduceJob(
  device: GPUDevice,
  buffers: BufferSet,
  layout: JobLayout,
  elements: number,
): Promise<LabJob> {
  const maxPerDimension = layout.maxWorkgroupsPerDimension;
  const plan = labPlan('reduce', { elements }, maxPerDimension);
  const passes = reducePasses(elements, maxPerDimension);
  const [vec4Pipeline, f32Pipeline] = await Promise.all([
    cachedPipeline(device, labPipelineSpec('reduce-vec4', 1)),
    cachedPipeline(device, labPipelineSpec('reduce-f32', 1)),
  ]);
  const input = makeInput(elements, SEEDS.stream);
  const inputBytes = Math.ceil(elements / 4) * VEC4_BYTES;
  return withErrorScopes(
    device,
    `allocate the sum buffers (${formatBytes(inputBytes)} of input)`,
    () => {
      const source = buffers.create('sum input', inputBytes, inputUsage());
      device.queue.writeBuffer(source, 0, input);
      const partialBytes = Math.max(4, (passes[0]?.workgroups ?? 1) * 4);
      const partials = [
        buffers.create('sum partials A', partialBytes, outputUsage()),
        buffers.create('sum partials B', partialBytes, outputUsage()),
      ] as const;
      const steps = passes.map((pass, index) => {
        const params = buffers.create(`sum pass ${index} params`, 16, uniformUsage());
        device.queue.writeBuffer(params, 0, new Uint32Array([pass.count, 0, 0, 0]));
        const pipeline = pass.entry === 'vec4' ? vec4Pipeline : f32Pipeline;
        const readFrom = index === 0 ? source : partials[(index - 1) % 2]!;
        const group = device.createBindGroup({
          layout: pipeline.getBindGroupLayout(0),
          entries: [
            { binding: 0, resource: { buffer: params } },
            { binding: pass.entry === 'vec4' ? 1 : 2, resource: { buffer: readFrom } },
            { binding: 3, resource: { buffer: partials[index % 2]! } },
          ],
        });
        return { pipeline, group, grid: pass.grid };
      });
      return {
        plan,
        record(pass) {
          for (const step of steps) dispatch(pass, step.pipeline, step.group, step.grid);
        },
        output: partials[(passes.length - 1) % 2]!,
        outputBytes: 4,
        verify(result) {
          const { sum, absSum } = reduceCpu(input);
          return checkElements(
            [0],
            1,
            () => sum,
            result,
            () => reduceTolerance(elements, absSum),
          );
        },
      };
    },
  );
}
