/** The sum reduction's record: its WGSL, entry points, bindings, plan, reference and lab part. */
import type { KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { countOf } from '../../lab/lab-facet';
import { maxStreamElements } from '../../lab/stream-limits';
import { createReduceJob } from './job';
import reduceWgsl from './reduce.wgsl?raw';
import {
  REDUCE_ITEMS_PER_INVOCATION,
  REDUCE_WORKGROUP_SIZE,
  reduceCpu,
  reducePlan,
} from './reduce';

/** The sum reduction: a tree of workgroup sums, one add per 4 bytes read. */
export const reduceKernel = defineLabKernel({
  name: 'reduce',
  label: 'Sum reduction',
  summary: 'Adds every element into one number in a tree of passes: one add per 4 bytes read.',
  source: reduceWgsl,
  entryPoints: {
    reduce_vec4: { bindings: [0, 1, 3], overrides: ['WORKGROUP_SIZE', 'ITEMS_PER_INVOCATION'] },
    reduce_f32: { bindings: [0, 2, 3], overrides: ['WORKGROUP_SIZE', 'ITEMS_PER_INVOCATION'] },
  },
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'vectors', kind: 'read-only-storage' },
    { binding: 2, name: 'values', kind: 'read-only-storage' },
    { binding: 3, name: 'partials', kind: 'storage' },
  ],
  sharedConstants: {
    WORKGROUP_SIZE: REDUCE_WORKGROUP_SIZE,
    ITEMS_PER_INVOCATION: REDUCE_ITEMS_PER_INVOCATION,
  },
  plan: (size: { elements: number; maxWorkgroupsPerDimension?: number }) =>
    reducePlan(size.elements, size.maxWorkgroupsPerDimension),
  reference: reduceCpu,
  lab: {
    defaultSize: { elements: 1 << 22 },
    sizeKind: 'elements',
    plan: (size, layout) => reducePlan(countOf(size), layout.maxWorkgroupsPerDimension),
    createJob: (context, size): Promise<KernelJob> =>
      createReduceJob(context, reduceKernel, countOf(size)),
    maxCount: maxStreamElements,
  },
});
