/** The copy kernel's record: WGSL, entry point, bindings, plan, reference, job and lab facet. */
import { createVec4StreamJob, VEC4_STREAM_BINDINGS } from '../../jobs/stream-job';
import type { KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { streamLab } from '../../sizes/lab-facet';
import type { StreamSize } from '../../vec4-stream';
import { VEC4_STREAM } from '../shared';
import copyWgsl from './copy.wgsl?raw';
import { COPY_VEC4S_PER_INVOCATION, COPY_WORKGROUP_SIZE, copyCpu, copyPlan } from './copy';

/** The vectorised copy: the memory roof a shader reaches. */
export const copyKernel = defineLabKernel({
  name: 'copy',
  label: 'Vectorised copy',
  summary: 'Copies an array 16 bytes at a time with no arithmetic: the memory roof of a shader.',
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
  plan: (size: StreamSize, layout) => copyPlan(size.elements, { ...layout, ...size }),
  reference: copyCpu,
  job: (context, size): Promise<KernelJob> =>
    createVec4StreamJob(
      context,
      {
        kernel: copyKernel,
        entryPoint: 'copy_vec4',
        workgroupSize: COPY_WORKGROUP_SIZE,
        plan: copyPlan,
        reference: copyCpu,
      },
      size,
    ),
  lab: streamLab({ step: 'roof', bench: { size: 'stream' } }),
});
