/**
 * The subgroup version of the fast sum reduction. It has no lab facet of its own: the lab's
 * `reduce-fast` runs it on devices with the `subgroups` feature (reduce-fast/index.ts); run by
 * name, it always combines lanes with subgroup adds.
 */
import { sumKernelParts } from '../../jobs/sum-job';
import type { KernelJob } from '../../jobs/kernel-job';
import { defineKernel } from '../../kernel-module';
import { createReduceFastJob, fastSumEntryPoints } from '../reduce-fast/job';
import {
  REDUCE_FAST_LOADS_IN_FLIGHT,
  REDUCE_FAST_WORKGROUP_SIZE,
  reduceFastPlan,
} from '../reduce-fast/reduce-fast';
import { GRID_STRIDE_SUM } from '../shared';
import reduceSubgroupsWgsl from './reduce-subgroups.wgsl?raw';

/** The fast sum with lanes combined by `subgroupAdd`; needs the `subgroups` feature. */
export const reduceSubgroupsKernel = defineKernel({
  name: 'reduce-subgroups',
  label: 'Sum reduction, fast',
  summary: 'The fast sum, combining the lanes of each subgroup with subgroupAdd.',
  wgsl: reduceSubgroupsWgsl,
  shared: [GRID_STRIDE_SUM],
  entryPoints: fastSumEntryPoints('subgroups'),
  ...sumKernelParts(reduceFastPlan),
  sharedConstants: {
    WORKGROUP_SIZE: REDUCE_FAST_WORKGROUP_SIZE,
    LOADS_IN_FLIGHT: REDUCE_FAST_LOADS_IN_FLIGHT,
  },
  job: (context, size): Promise<KernelJob> =>
    createReduceFastJob(context, reduceSubgroupsKernel, size.elements, 'subgroups'),
});
