/**
 * The subgroup version of the fast sum reduction. It has no lab part of its own: the lab's
 * `reduce-fast` runs it on devices with the `subgroups` feature (reduce-fast/job.ts).
 */
import { defineKernel } from '../../kernel-module';
import { reduceCpu } from '../reduce/reduce';
import {
  REDUCE_FAST_LOADS_IN_FLIGHT,
  REDUCE_FAST_WORKGROUP_SIZE,
  reduceFastPlan,
} from '../reduce-fast/reduce-fast';
import reduceSubgroupsWgsl from './reduce-subgroups.wgsl?raw';

const ENTRY = { overrides: ['WORKGROUP_SIZE'] } as const;

/** The fast sum with lanes combined by `subgroupAdd`; needs the `subgroups` feature. */
export const reduceSubgroupsKernel = defineKernel({
  name: 'reduce-subgroups',
  label: 'Sum reduction, fast',
  summary: 'The fast sum, combining the lanes of each subgroup with subgroupAdd.',
  source: reduceSubgroupsWgsl,
  entryPoints: {
    reduce_subgroups_vec4: { bindings: [0, 1, 3], ...ENTRY },
    reduce_subgroups_f32: { bindings: [0, 2, 3], ...ENTRY },
  },
  bindings: [
    { binding: 0, name: 'params', kind: 'uniform' },
    { binding: 1, name: 'vectors', kind: 'read-only-storage' },
    { binding: 2, name: 'values', kind: 'read-only-storage' },
    { binding: 3, name: 'partials', kind: 'storage' },
  ],
  sharedConstants: {
    WORKGROUP_SIZE: REDUCE_FAST_WORKGROUP_SIZE,
    LOADS_IN_FLIGHT: REDUCE_FAST_LOADS_IN_FLIGHT,
  },
  plan: (size: { elements: number; maxWorkgroupsPerDimension?: number }) =>
    reduceFastPlan(size.elements, size.maxWorkgroupsPerDimension),
  reference: reduceCpu,
});
