/**
 * The subgroup version of the fast sum reduction. It has no lab part of its own: the lab's
 * `reduce-fast` runs it on devices with the `subgroups` feature (reduce-fast/job.ts).
 */
import { sumKernelParts } from '../../jobs/sum-job';
import { defineKernel } from '../../kernel-module';
import { fastSumEntryPoints } from '../reduce-fast/job';
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
});
