/**
 * The fast sum reduction's job: one or two passes (reduce-fast.ts) of the shared sum job, run by
 * either version of the kernel: the workgroup-memory one (`reduce-fast`) or the subgroup one
 * (`reduce-subgroups`), which needs the device's `subgroups` feature.
 */
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { createSumJob } from '../../jobs/sum-job';
import type { KernelEntryPoint, KernelShader } from '../../kernel-shader';
import {
  REDUCE_FAST_WORKGROUP_SIZE,
  reduceFastPasses,
  reduceFastPlan,
  reduceFastTolerance,
  type ReduceFastVariant,
} from './reduce-fast';

/** Entry point names of each version (`<prefix>_vec4`, `<prefix>_f32`). */
const ENTRY_PREFIX: Record<ReduceFastVariant, string> = {
  workgroup: 'reduce_fast',
  subgroups: 'reduce_subgroups',
};

/**
 * A version's entry points, for its record: the first pass reads `vectors`, the second
 * `values`, both write `partials`, and the host sets only WORKGROUP_SIZE.
 */
export function fastSumEntryPoints(
  variant: ReduceFastVariant,
): Readonly<Record<string, KernelEntryPoint>> {
  const prefix = ENTRY_PREFIX[variant];
  return {
    [`${prefix}_vec4`]: { bindings: [0, 1, 3], overrides: ['WORKGROUP_SIZE'] },
    [`${prefix}_f32`]: { bindings: [0, 2, 3], overrides: ['WORKGROUP_SIZE'] },
  };
}

/**
 * Builds a job summing `elements` f32 values with `kernel`, the record of `variant`. Asking for
 * `subgroups` on a device without the feature is an Error that says so.
 */
export async function createReduceFastJob(
  context: JobContext,
  kernel: KernelShader,
  elements: number,
  variant: ReduceFastVariant,
): Promise<KernelJob> {
  if (variant === 'subgroups' && !context.device.features.has('subgroups')) {
    throw new Error(
      'The subgroup version of the fast sum needs the "subgroups" feature, which this device ' +
        'was not created with.',
    );
  }
  const maxPerDimension = context.layout.maxWorkgroupsPerDimension;
  const prefix = ENTRY_PREFIX[variant];
  return createSumJob(
    context,
    {
      kernel,
      label: `${kernel.label} (${variant === 'subgroups' ? 'subgroup adds' : 'workgroup tree'})`,
      entryPoints: { vec4: `${prefix}_vec4`, f32: `${prefix}_f32` },
      constants: { WORKGROUP_SIZE: REDUCE_FAST_WORKGROUP_SIZE },
      plan: reduceFastPlan(elements, maxPerDimension),
      passes: reduceFastPasses(elements, maxPerDimension),
      params: (pass) => [pass.count, pass.workgroups, 0, 0],
      tolerance: (absSum) => reduceFastTolerance(elements, absSum, variant),
    },
    elements,
  );
}
