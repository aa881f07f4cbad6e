/** The divergence kernel's job: one u32 word in and one f32 out per invocation. */
import { inputUsage, outputUsage, uniformUsage } from '../../buffers';
import { withErrorScopes } from '../../error-scopes';
import { bindBuffers, singleDispatchJob } from '../../jobs/job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import type { KernelShader } from '../../kernel-shader';
import { getPipeline } from '../../pipelines';
import {
  divergenceCpu,
  divergenceInput,
  type BranchKind,
} from '../../../compute/divergence-reference';
import { checkEveryElement } from '../../../compute/verify-f32';
import { DIVERGENCE_WORKGROUP_SIZE, divergenceParams, divergencePlan } from './divergence';

/** Builds a job of `count` invocations under rule `kind` with `kernel` (the divergence record). */
export async function createDivergenceJob(
  context: JobContext,
  kernel: KernelShader,
  count: number,
  kind: BranchKind,
  trips: number,
): Promise<KernelJob> {
  const { device, buffers } = context;
  const plan = divergencePlan(count, kind, trips, context.layout.maxWorkgroupsPerDimension);
  const pipeline = await getPipeline(device, {
    kernel,
    entryPoint: 'divergent_branch',
    constants: { WORKGROUP_SIZE: DIVERGENCE_WORKGROUP_SIZE },
  });
  const input = Uint32Array.from({ length: count }, (_, id) => divergenceInput(id));
  return withErrorScopes(device, 'allocate the divergence buffers', () => {
    const params = buffers.upload(
      'divergence params',
      divergenceParams(count, kind, trips),
      uniformUsage(),
    );
    const src = buffers.upload('divergence input', input, inputUsage());
    const dst = buffers.create('divergence output', count * 4, outputUsage());
    const group = bindBuffers(device, pipeline, kernel, 'divergent_branch', { params, src, dst });
    return singleDispatchJob(kernel, plan, pipeline, group, {
      output: dst,
      outputBytes: count * 4,
      verify: (result) => checkEveryElement(divergenceCpu(count, kind, trips), count, result),
    });
  });
}
