/** The divergence kernel's record: its WGSL, entry point, bindings, plan, reference and job. */
import { divergenceCpu, WARP_LANES, type BranchKind } from '../../../compute/divergence-reference';
import { createDivergenceJob } from './job';
import type { KernelJob } from '../../jobs/kernel-job';
import { defineKernel } from '../../kernel-module';
import { PARAMS_BINDING } from '../../kernel-source';
import { GRID } from '../shared';
import divergenceWgsl from './divergence.wgsl?raw';
import { DIVERGENCE_WORKGROUP_SIZE, divergencePlan } from './divergence';

/** What a run is given: invocations, the branch rule, and the steps of each path. */
export interface DivergenceSize {
  count: number;
  kind: BranchKind;
  trips: number;
}

/** Two paths behind a branch on the lane or the data: what divergence costs a warp. */
export const divergenceKernel = defineKernel({
  name: 'divergence',
  label: 'divergent branch',
  summary:
    'Half the invocations take each of two equally long paths; whether a warp must run both depends on the branch rule.',
  wgsl: divergenceWgsl,
  shared: [GRID],
  entryPoints: { divergent_branch: { bindings: [0, 1, 2], overrides: ['WORKGROUP_SIZE'] } },
  bindings: [
    PARAMS_BINDING,
    { binding: 1, name: 'src', kind: 'read-only-storage', type: 'array<u32>' },
    { binding: 2, name: 'dst', kind: 'storage', type: 'array<f32>' },
  ],
  sharedConstants: { WORKGROUP_SIZE: DIVERGENCE_WORKGROUP_SIZE, WARP_LANES },
  plan: (size: DivergenceSize, layout) =>
    divergencePlan(size.count, size.kind, size.trips, layout?.maxWorkgroupsPerDimension),
  reference: divergenceCpu,
  job: (context, size): Promise<KernelJob> =>
    createDivergenceJob(context, divergenceKernel, size.count, size.kind, size.trips),
});
