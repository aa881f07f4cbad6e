/** The sum reduction's job: a tree of passes ping-ponging between two partial-sum buffers. */
import { inputUsage, outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, dispatch } from '../../jobs/job';
import { type JobContext, type KernelJob } from '../../jobs/kernel-job';
import { SEEDS } from '../../../compute/inputs';
import { makeInput } from '../../../compute/inputs';
import type { AnyKernelModule } from '../../kernel-module';
import { getPipeline } from '../../pipelines';
import { checkElements } from '../../../compute/verify-f32';
import { VEC4_BYTES } from '../../vec4-stream';
import { formatBytesBinary } from '../../../format/units';
import {
  REDUCE_ITEMS_PER_INVOCATION,
  REDUCE_WORKGROUP_SIZE,
  reduceCpu,
  reducePasses,
  reducePlan,
  reduceTolerance,
} from './reduce';

/** Builds a job summing `elements` f32 values with `kernel` (the reduce record). */
export async function createReduceJob(
  context: JobContext,
  kernel: AnyKernelModule,
  elements: number,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const maxPerDimension = context.layout.maxWorkgroupsPerDimension;
  const plan = reducePlan(elements, maxPerDimension);
  const passes = reducePasses(elements, maxPerDimension);
  const constants = {
    WORKGROUP_SIZE: REDUCE_WORKGROUP_SIZE,
    ITEMS_PER_INVOCATION: REDUCE_ITEMS_PER_INVOCATION,
  };
  const [vec4Pipeline, f32Pipeline] = await Promise.all([
    getPipeline(device, { kernel, entryPoint: 'reduce_vec4', constants }),
    getPipeline(device, { kernel, entryPoint: 'reduce_f32', constants }),
  ]);
  const input = makeInput(elements, SEEDS.stream);
  const inputBytes = Math.ceil(elements / 4) * VEC4_BYTES;
  const action = `allocate the sum buffers (${formatBytesBinary(inputBytes)} of input)`;
  return withErrorScopes(device, action, () => {
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
      const vec4 = pass.entry === 'vec4';
      const readFrom = index === 0 ? source : partials[(index - 1) % 2]!;
      const group = bindBuffers(
        device,
        vec4 ? vec4Pipeline : f32Pipeline,
        kernel,
        vec4 ? 'reduce_vec4' : 'reduce_f32',
        { params, [vec4 ? 'vectors' : 'values']: readFrom, partials: partials[index % 2]! },
      );
      return { pipeline: vec4 ? vec4Pipeline : f32Pipeline, group, grid: pass.grid };
    });
    return {
      label: kernel.label,
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
  });
}
