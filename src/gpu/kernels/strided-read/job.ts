/** The strided-read kernel's job: a source of count × stride words, count words read back. */
import { inputUsage, outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, singleDispatchJob } from '../../jobs/job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import type { KernelShader } from '../../kernel-shader';
import { getPipeline } from '../../pipelines';
import { makeInput } from '../../../compute/inputs';
import { stridedReadCpu, stridedSourceWords } from '../../../compute/strided-read-reference';
import { checkEveryElement } from '../../../compute/verify-f32';
import { formatBytesBinary } from '../../../format/units';
import { WORD_BYTES } from '../../../compute/memory-words';
import { STRIDED_READ_WORKGROUP_SIZE, stridedReadParams, stridedReadPlan } from './strided-read';

/** Seed of the strided-read source words. */
export const STRIDED_READ_SEED = 0x57de;

/** Builds a job of `count` reads `stride` words apart with `kernel` (the strided-read record). */
export async function createStridedReadJob(
  context: JobContext,
  kernel: KernelShader,
  count: number,
  stride: number,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const plan = stridedReadPlan(count, stride, context.layout.maxWorkgroupsPerDimension);
  const pipeline = await getPipeline(device, {
    kernel,
    entryPoint: 'strided_read',
    constants: { WORKGROUP_SIZE: STRIDED_READ_WORKGROUP_SIZE },
  });
  const source = makeInput(stridedSourceWords(count, stride), STRIDED_READ_SEED);
  const action = `allocate the strided-read buffers (${formatBytesBinary(source.byteLength)})`;
  return withErrorScopes(device, action, () => {
    const params = buffers.upload(
      'strided-read params',
      stridedReadParams(count, stride),
      uniformUsage(),
    );
    const src = buffers.upload('strided-read source', source, inputUsage());
    const dst = buffers.create('strided-read output', count * WORD_BYTES, outputUsage());
    const group = bindBuffers(device, pipeline, kernel, 'strided_read', { params, src, dst });
    return singleDispatchJob(kernel, plan, pipeline, group, {
      output: dst,
      outputBytes: count * WORD_BYTES,
      verify: (result) => checkEveryElement(stridedReadCpu(source, count, stride), count, result),
    });
  });
}
