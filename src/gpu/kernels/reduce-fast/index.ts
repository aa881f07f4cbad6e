/**
 * The fast sum reduction's record (workgroup-memory version): its WGSL, entry points, plan,
 * reference, job and lab facet.
 */
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { sumKernelParts, type SumSize } from '../../jobs/sum-job';
import { defineLabKernel } from '../../kernel-module';
import { streamLab } from '../../sizes/lab-facet';
import { reduceSubgroupsKernel } from '../reduce-subgroups';
import { GRID_STRIDE_SUM, WORKGROUP_SUM } from '../shared';
import { createReduceFastJob, fastSumEntryPoints } from './job';
import reduceFastWgsl from './reduce-fast.wgsl?raw';
import { reduceFastPlan, reduceFastVariantFor, type ReduceFastVariant } from './reduce-fast';

/** What a fast sum is given: the count, and the version to run (by default the device's best). */
export interface FastSumSize extends SumSize {
  variant?: ReduceFastVariant;
}

/** The job: subgroup adds where the device has them (or as asked), the workgroup tree otherwise. */
function fastSumJob(context: JobContext, size: FastSumSize): Promise<KernelJob> {
  const variant = size.variant ?? reduceFastVariantFor(context.device.features);
  const kernel = variant === 'subgroups' ? reduceSubgroupsKernel : reduceFastKernel;
  return createReduceFastJob(context, kernel, size.elements, variant);
}

/**
 * The fast sum: a grid-stride loop with four loads in flight per lane, at most two passes, and
 * subgroup adds where the device has them (its job runs `reduceSubgroupsKernel` then). Both
 * versions have the same constants, and the parts every sum kernel shares.
 */
export const reduceFastKernel = defineLabKernel({
  name: 'reduce-fast',
  label: 'Sum reduction, fast',
  summary:
    'Fewer workgroups walk the whole input with four loads in flight per lane, then combine ' +
    'lanes with subgroup adds where offered: two passes at most.',
  wgsl: reduceFastWgsl,
  shared: [GRID_STRIDE_SUM, WORKGROUP_SUM],
  entryPoints: fastSumEntryPoints('workgroup'),
  ...sumKernelParts<FastSumSize>(reduceFastPlan),
  sharedConstants: reduceSubgroupsKernel.sharedConstants,
  job: fastSumJob,
  lab: streamLab({ step: 'memory', bench: { size: 'stream', target: 0.85 } }),
});
