/** The fast sum reduction's record (workgroup-memory version) and its lab part. */
import type { KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { countOf } from '../../lab/lab-facet';
import { maxStreamElements } from '../../lab/stream-limits';
import { reduceCpu } from '../reduce/reduce';
import { reduceSubgroupsKernel } from '../reduce-subgroups';
import { createReduceFastJob } from './job';
import reduceFastWgsl from './reduce-fast.wgsl?raw';
import {
  REDUCE_FAST_LOADS_IN_FLIGHT,
  REDUCE_FAST_WORKGROUP_SIZE,
  reduceFastPlan,
} from './reduce-fast';

/** Entry points shared by both versions' shapes: bindings and overrides. */
const ENTRY = { overrides: ['WORKGROUP_SIZE'] } as const;

/**
 * The fast sum: a grid-stride loop with four loads in flight per lane, at most two passes, and
 * subgroup adds where the device has them (its job picks `reduceSubgroupsKernel` then).
 */
export const reduceFastKernel = defineLabKernel({
  name: 'reduce-fast',
  label: 'Sum reduction, fast',
  summary:
    'Fewer workgroups walk the whole input with four loads in flight per lane, then combine ' +
    'lanes with subgroup adds where offered: two passes at most.',
  source: reduceFastWgsl,
  entryPoints: {
    reduce_fast_vec4: { bindings: [0, 1, 3], ...ENTRY },
    reduce_fast_f32: { bindings: [0, 2, 3], ...ENTRY },
  },
  bindings: reduceSubgroupsKernel.bindings,
  sharedConstants: {
    WORKGROUP_SIZE: REDUCE_FAST_WORKGROUP_SIZE,
    LOADS_IN_FLIGHT: REDUCE_FAST_LOADS_IN_FLIGHT,
  },
  plan: (size: { elements: number; maxWorkgroupsPerDimension?: number }) =>
    reduceFastPlan(size.elements, size.maxWorkgroupsPerDimension),
  reference: reduceCpu,
  lab: {
    defaultSize: { elements: 1 << 22 },
    sizeKind: 'elements',
    plan: (size, layout) => reduceFastPlan(countOf(size), layout.maxWorkgroupsPerDimension),
    createJob: (context, size): Promise<KernelJob> =>
      createReduceFastJob(
        context,
        { workgroup: reduceFastKernel, subgroups: reduceSubgroupsKernel },
        countOf(size),
      ),
    maxCount: maxStreamElements,
  },
});
