/** The fast sum reduction's record (workgroup-memory version): its card, WGSL, job and the rest. */
import type { KernelJob } from '../../jobs/kernel-job';
import { sumKernelParts } from '../../jobs/sum-job';
import { defineLabKernel } from '../../kernel-module';
import { countOf } from '../../lab/lab-facet';
import { reduceSubgroupsKernel } from '../reduce-subgroups';
import { GRID_STRIDE_SUM, WORKGROUP_SUM } from '../shared';
import { createReduceFastJob, fastSumEntryPoints } from './job';
import reduceFastWgsl from './reduce-fast.wgsl?raw';
import { REDUCE_FAST_CARD, reduceFastPlan } from './reduce-fast';

/**
 * The fast sum: a grid-stride loop with four loads in flight per lane, at most two passes, and
 * subgroup adds where the device has them (its job picks `reduceSubgroupsKernel` then). Both
 * versions have the same constants, and the parts every sum kernel shares.
 */
export const reduceFastKernel = defineLabKernel({
  ...REDUCE_FAST_CARD,
  wgsl: reduceFastWgsl,
  shared: [GRID_STRIDE_SUM, WORKGROUP_SUM],
  entryPoints: fastSumEntryPoints('workgroup'),
  ...sumKernelParts(reduceFastPlan),
  sharedConstants: reduceSubgroupsKernel.sharedConstants,
  lab: {
    ...REDUCE_FAST_CARD.lab,
    createJob: (context, size): Promise<KernelJob> =>
      createReduceFastJob(
        context,
        { workgroup: reduceFastKernel, subgroups: reduceSubgroupsKernel },
        countOf(size),
      ),
  },
});
