/** The FMA throughput kernel's job: a parameter block in, one vec4 per invocation out. */
import { outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, dispatch } from '../../jobs/job';
import { type JobContext, type KernelJob } from '../../jobs/kernel-job';
import type { AnyKernelModule } from '../../kernel-module';
import { getPipeline } from '../../pipelines';
import { allIndices, checkElements } from '../../../compute/verify-f32';
import { VEC4_BYTES } from '../../vec4-stream';
import { formatBytesBinary } from '../../../format/units';
import {
  FMA_DEFAULT_TRIPS,
  FMA_PARAMS_BYTES,
  FMA_WORKGROUP_SIZE,
  fmaCpu,
  fmaParams,
  fmaPlan,
} from './fma';

/** Builds an FMA job of `threads` invocations with `kernel` (the FMA record). */
export async function createFmaJob(
  context: JobContext,
  kernel: AnyKernelModule,
  threads: number,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const plan = fmaPlan(threads, FMA_DEFAULT_TRIPS, context.layout.maxWorkgroupsPerDimension);
  const pipeline = await getPipeline(device, {
    kernel,
    entryPoint: 'fma_chains',
    constants: { WORKGROUP_SIZE: FMA_WORKGROUP_SIZE },
  });
  const action = `allocate the FMA buffers (${formatBytesBinary(threads * VEC4_BYTES)})`;
  return withErrorScopes(device, action, () => {
    const params = buffers.create('FMA params', FMA_PARAMS_BYTES, uniformUsage());
    const results = buffers.create('FMA results', threads * VEC4_BYTES, outputUsage());
    device.queue.writeBuffer(params, 0, fmaParams(threads, FMA_DEFAULT_TRIPS));
    const group = bindBuffers(device, pipeline, kernel, 'fma_chains', { params, results });
    const grid = plan.dispatches[0] ?? [1, 1, 1];
    return {
      label: kernel.label,
      plan,
      record: (pass) => dispatch(pass, pipeline, group, grid),
      output: results,
      outputBytes: threads * VEC4_BYTES,
      verify(result) {
        // Every value in the chains is a small multiple of 1/4: exact in f32, so no tolerance.
        const expected = fmaCpu(threads, FMA_DEFAULT_TRIPS);
        const count = threads * 4;
        return checkElements(allIndices(count), count, (i) => expected[i] as number, result);
      },
    };
  });
}
