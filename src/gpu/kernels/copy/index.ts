/** The copy kernel's record: its card, WGSL, entry point, bindings, plan, reference and job. */
import { createVec4StreamJob, VEC4_STREAM_BINDINGS } from '../../jobs/stream-job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { countOf } from '../../lab/lab-facet';
import type { StreamOptions } from '../../vec4-stream';
import { VEC4_STREAM } from '../shared';
import copyWgsl from './copy.wgsl?raw';
import {
  COPY_CARD,
  COPY_VEC4S_PER_INVOCATION,
  COPY_WORKGROUP_SIZE,
  copyCpu,
  copyPlan,
} from './copy';

/** The copy job: `copy_vec4` over `elements` values. */
export function createCopyJob(context: JobContext, elements: number): Promise<KernelJob> {
  return createVec4StreamJob(
    context,
    {
      kernel: copyKernel,
      entryPoint: 'copy_vec4',
      workgroupSize: COPY_WORKGROUP_SIZE,
      plan: copyPlan(elements, context.layout),
      reference: copyCpu,
    },
    elements,
  );
}

/** The vectorised copy: the memory roof a shader reaches. */
export const copyKernel = defineLabKernel({
  ...COPY_CARD,
  wgsl: copyWgsl,
  shared: [VEC4_STREAM],
  entryPoints: {
    copy_vec4: { bindings: [0, 1], overrides: ['WORKGROUP_SIZE', 'VEC4S_PER_INVOCATION'] },
  },
  bindings: VEC4_STREAM_BINDINGS,
  sharedConstants: {
    WORKGROUP_SIZE: COPY_WORKGROUP_SIZE,
    VEC4S_PER_INVOCATION: COPY_VEC4S_PER_INVOCATION,
  },
  plan: (size: { elements: number } & StreamOptions) => copyPlan(size.elements, size),
  reference: copyCpu,
  lab: { ...COPY_CARD.lab, createJob: (context, size) => createCopyJob(context, countOf(size)) },
});
