/** The copy kernel's record: its WGSL, entry point, bindings, plan, reference and lab part. */
import { createVec4StreamJob } from '../../jobs/stream-job';
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { countOf } from '../../lab/lab-facet';
import { maxStreamElements } from '../../lab/stream-limits';
import type { StreamOptions } from '../../vec4-stream';
import copyWgsl from './copy.wgsl?raw';
import { COPY_VEC4S_PER_INVOCATION, COPY_WORKGROUP_SIZE, copyCpu, copyPlan } from './copy';

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
  name: 'copy',
  label: 'Vectorised copy',
  summary: 'Copies an array 16 bytes at a time with no arithmetic: the memory roof of a shader.',
  source: copyWgsl,
  entryPoints: {
    copy_vec4: { bindings: [0, 1], overrides: ['WORKGROUP_SIZE', 'VEC4S_PER_INVOCATION'] },
  },
  bindings: [
    { binding: 0, name: 'src', kind: 'read-only-storage' },
    { binding: 1, name: 'dst', kind: 'storage' },
  ],
  sharedConstants: {
    WORKGROUP_SIZE: COPY_WORKGROUP_SIZE,
    VEC4S_PER_INVOCATION: COPY_VEC4S_PER_INVOCATION,
  },
  plan: (size: { elements: number } & StreamOptions) => copyPlan(size.elements, size),
  reference: copyCpu,
  lab: {
    defaultSize: { elements: 1 << 22 },
    sizeKind: 'elements',
    plan: (size, layout) => copyPlan(countOf(size), layout),
    createJob: (context, size) => createCopyJob(context, countOf(size)),
    maxCount: maxStreamElements,
  },
});
