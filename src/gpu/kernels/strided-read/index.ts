/** The strided-read kernel's record: its WGSL, entry point, bindings, plan, reference and job. */
import type { KernelJob } from '../../jobs/kernel-job';
import { defineKernel } from '../../kernel-module';
import { PARAMS_BINDING } from '../../kernel-source';
import { stridedReadCpu } from '../../../compute/strided-read-reference';
import { GRID } from '../shared';
import stridedReadWgsl from './strided-read.wgsl?raw';
import { createStridedReadJob } from './job';
import { STRIDED_READ_WORKGROUP_SIZE, stridedReadPlan } from './strided-read';

/** What a run is given: how many words are read, and how many words apart. */
export interface StridedReadSize {
  count: number;
  stride: number;
}

/** Reads `stride` words apart: how coalescing (or its absence) sets the memory traffic. */
export const stridedReadKernel = defineKernel({
  name: 'strided-read',
  label: 'strided read',
  summary:
    'Each invocation copies one word from stride words past its neighbour: the sectors a warp fetches grow with the stride.',
  wgsl: stridedReadWgsl,
  shared: [GRID],
  entryPoints: { strided_read: { bindings: [0, 1, 2], overrides: ['WORKGROUP_SIZE'] } },
  bindings: [
    PARAMS_BINDING,
    { binding: 1, name: 'src', kind: 'read-only-storage', type: 'array<f32>' },
    { binding: 2, name: 'dst', kind: 'storage', type: 'array<f32>' },
  ],
  sharedConstants: { WORKGROUP_SIZE: STRIDED_READ_WORKGROUP_SIZE },
  plan: (size: StridedReadSize, layout) =>
    stridedReadPlan(size.count, size.stride, layout?.maxWorkgroupsPerDimension),
  reference: stridedReadCpu,
  job: (context, size): Promise<KernelJob> =>
    createStridedReadJob(context, stridedReadKernel, size.count, size.stride),
});
