/** The FMA throughput kernel's job: a parameter block in, one vec4 per invocation out. */
import { outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, singleDispatchJob } from '../../jobs/job';
import { type JobContext, type KernelJob } from '../../jobs/kernel-job';
import type { KernelShader } from '../../kernel-shader';
import { getPipeline } from '../../pipelines';
import { checkEveryElement } from '../../../compute/verify-f32';
import { VEC4_BYTES } from '../../vec4-stream';
import { formatBytesBinary } from '../../../format/units';
import { FMA_PARAMS_BYTES, FMA_WORKGROUP_SIZE, fmaCpu, fmaParams, fmaPlan } from './fma';

/** Builds an FMA job of `threads` invocations of `trips` trips with `kernel` (the FMA record). */
export async function createFmaJob(
  context: JobContext,
  kernel: KernelShader,
  threads: number,
  trips: number,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const plan = fmaPlan(threads, trips, context.layout.maxWorkgroupsPerDimension);
  const pipeline = await getPipeline(device, {
    kernel,
    entryPoint: 'fma_chains',
    constants: { WORKGROUP_SIZE: FMA_WORKGROUP_SIZE },
  });
  const action = `allocate the FMA buffers (${formatBytesBinary(threads * VEC4_BYTES)})`;
  return withErrorScopes(device, action, () => {
    const params = buffers.create('FMA params', FMA_PARAMS_BYTES, uniformUsage());
    const results = buffers.create('FMA results', threads * VEC4_BYTES, outputUsage());
    device.queue.writeBuffer(params, 0, fmaParams(threads, trips));
    const group = bindBuffers(device, pipeline, kernel, 'fma_chains', { params, results });
    return singleDispatchJob(kernel, plan, pipeline, group, {
      output: results,
      outputBytes: threads * VEC4_BYTES,
      // Every value in the chains is a small multiple of 1/4: exact in f32, so no tolerance.
      verify: (result) => checkEveryElement(fmaCpu(threads, trips), threads * 4, result),
    });
  });
}
