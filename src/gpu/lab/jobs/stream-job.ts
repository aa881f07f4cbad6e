/** Jobs of the two streaming kernels, copy and ReLU: one input array, one output array. */
import { copyCpu } from '../../kernels/copy/copy';
import { reluCpu } from '../../kernels/relu/relu';
import { makeInput } from '../../kernel-inputs';
import { allIndices, checkElements } from '../../verify-f32';
import { F32_BYTES, VEC4_BYTES } from '../../vec4-stream';
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
  type JobLayout,
  type LabJob,
} from './job';

/** Builds a copy or ReLU job over `elements` f32 values; buffers are created in `buffers`. */
export async function createStreamJob(
  device: GPUDevice,
  buffers: BufferSet,
  layout: JobLayout,
  kernel: 'copy' | 'relu',
  elements: number,
): Promise<LabJob> {
  const perInvocation = layout.vec4sPerInvocation;
  const plan = labPlan(kernel, { elements }, layout.maxWorkgroupsPerDimension, perInvocation);
  const pipeline = await cachedPipeline(device, labPipelineSpec(kernel, perInvocation));
  const input = makeInput(elements, SEEDS.stream);
  const paddedBytes = Math.ceil(elements / 4) * VEC4_BYTES;
  return withErrorScopes(
    device,
    `allocate the ${kernel} buffers (2 x ${formatBytes(paddedBytes)})`,
    () => {
      const src = buffers.create(`${kernel} input`, paddedBytes, inputUsage());
      const dst = buffers.create(`${kernel} output`, paddedBytes, outputUsage());
      device.queue.writeBuffer(src, 0, input);
      const group = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: { buffer: src } },
          { binding: 1, resource: { buffer: dst } },
        ],
      });
      const grid = plan.dispatches[0] ?? [1, 1, 1];
      return {
        plan,
        record: (pass) => dispatch(pass, pipeline, group, grid),
        output: dst,
        outputBytes: elements * F32_BYTES,
        verify(result) {
          // Copy and ReLU are exact in f32 (ReLU only compares), so every value must match.
          const expected = kernel === 'copy' ? copyCpu(input) : reluCpu(input);
          return checkElements(
            allIndices(elements),
            elements,
            (i) => expected[i] as number,
            result,
          );
        },
      };
    },
  );
}
