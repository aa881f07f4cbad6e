/** The sum reduction's record: WGSL, entry points, bindings, plan, reference, job, lab facet. */
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { createSumJob, sumKernelParts } from '../../jobs/sum-job';
import { defineLabKernel } from '../../kernel-module';
import { streamLab, type CountSize } from '../../sizes/lab-facet';
import { GRID, WORKGROUP_SUM } from '../shared';
import reduceWgsl from './reduce.wgsl?raw';
import {
  REDUCE_ITEMS_PER_INVOCATION,
  REDUCE_WORKGROUP_SIZE,
  reducePasses,
  reducePlan,
  reduceTolerance,
} from './reduce';

/** The job summing `elements` f32 values in a tree of passes. */
function createReduceJob(context: JobContext, { elements }: CountSize): Promise<KernelJob> {
  const maxPerDimension = context.layout.maxWorkgroupsPerDimension;
  return createSumJob(
    context,
    {
      kernel: reduceKernel,
      label: reduceKernel.label,
      entryPoints: { vec4: 'reduce_vec4', f32: 'reduce_f32' },
      constants: {
        WORKGROUP_SIZE: REDUCE_WORKGROUP_SIZE,
        ITEMS_PER_INVOCATION: REDUCE_ITEMS_PER_INVOCATION,
      },
      plan: reducePlan(elements, maxPerDimension),
      passes: reducePasses(elements, maxPerDimension),
      params: (pass) => [pass.count, 0, 0, 0],
      tolerance: (absSum) => reduceTolerance(elements, absSum),
    },
    elements,
  );
}

/** The sum reduction: a tree of workgroup sums, one add per 4 bytes read. */
export const reduceKernel = defineLabKernel({
  name: 'reduce',
  label: 'Sum reduction',
  summary: 'Adds every element into one number in a tree of passes: one add per 4 bytes read.',
  wgsl: reduceWgsl,
  shared: [GRID, WORKGROUP_SUM],
  entryPoints: {
    reduce_vec4: { bindings: [0, 1, 3], overrides: ['WORKGROUP_SIZE', 'ITEMS_PER_INVOCATION'] },
    reduce_f32: { bindings: [0, 2, 3], overrides: ['WORKGROUP_SIZE', 'ITEMS_PER_INVOCATION'] },
  },
  ...sumKernelParts(reducePlan),
  sharedConstants: {
    WORKGROUP_SIZE: REDUCE_WORKGROUP_SIZE,
    ITEMS_PER_INVOCATION: REDUCE_ITEMS_PER_INVOCATION,
  },
  job: createReduceJob,
  lab: streamLab({ step: 'memory', bench: { size: 'stream' } }),
});
