/** The FMA throughput kernel's job: a parameter block in, one vec4 per invocation out. */
import { FMA_DEFAULT_TRIPS, FMA_PARAMS_BYTES, fmaCpu, fmaParams } from '../../kernels/fma/fma';
import { allIndices, checkElements } from '../../verify-f32';
import { VEC4_BYTES } from '../../vec4-stream';
import { labPlan } from '../lab-kernels';
import { withErrorScopes } from '../../error-scopes';
import { cachedPipeline, labPipelineSpec } from '../lab-pipelines';
import { formatBytes } from '../size-limits';
import { BufferSet, dispatch, outputUsage, uniformUsage, type JobLayout, type LabJob } from './job';

/** Builds an FMA job of `threads` invocations; buffers are created in `buffers`. */
export async function createFmaJob(
  device: GPUDevice,
  buffers: BufferSet,
  layout: JobLayout,
  threads: number,
): Promise<LabJob> {
  const plan = labPlan('fma', { elements: threads }, layout.maxWorkgroupsPerDimension);
  const pipeline = await cachedPipeline(device, labPipelineSpec('fma', 1));
  return withErrorScopes(
    device,
    `allocate the FMA buffers (${formatBytes(threads * VEC4_BYTES)})`,
    () => {
      const params = buffers.create('FMA params', FMA_PARAMS_BYTES, uniformUsage());
      const results = buffers.create('FMA results', threads * VEC4_BYTES, outputUsage());
      device.queue.writeBuffer(params, 0, fmaParams(threads, FMA_DEFAULT_TRIPS));
      const group = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: { buffer: params } },
          { binding: 1, resource: { buffer: results } },
        ],
      });
      const grid = plan.dispatches[0] ?? [1, 1, 1];
      return {
        plan,
        record: (pass) => dispatch(pass, pipeline, group, grid),
        output: results,
        outputBytes: threads * VEC4_BYTES,
        verify(result) {
          // Every value in the chains is a small multiple of 1/4: exact in f32, so no tolerance.
          const expected = fmaCpu(threads, FMA_DEFAULT_TRIPS);
          return checkElements(
            allIndices(threads * 4),
            threads * 4,
            (i) => expected[i] as number,
            result,
          );
        },
      };
    },
  );
}
