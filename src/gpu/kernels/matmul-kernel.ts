/**
 * How the lab's f32 matmuls (naive, tiled, register-blocked) declare their records: each gives
 * its shader, its lab facet, its entry point with the overrides it sets and its plan at a shape;
 * the plan, the CPU reference and the job (jobs/matmul-job.ts) follow from those the same way
 * for all of them.
 */
import type { KernelJob } from '../jobs/kernel-job';
import { createMatmulJob, type MatmulJobSpec } from '../jobs/matmul-job';
import { defineLabKernel, type KernelModule } from '../kernel-module';
import type { KernelPlan } from '../kernel-plan';
import type { ShaderSpec } from '../kernel-shader';
import type { LabFacet } from '../sizes/lab-facet';
import { matmulCpu, type MatmulShape } from '../../compute/matmul-reference';

/** What an f32 matmul's folder declares: its shader and lab facet, and how it is launched. */
export interface MatmulKernelSpec<Name extends string> extends ShaderSpec {
  readonly name: Name;
  /** One sentence on what it does and what limits it. */
  readonly summary: string;
  readonly lab: LabFacet;
  /** The entry point a job runs, and the override constants it sets on it. */
  readonly entryPoint: string;
  readonly constants: Readonly<Record<string, number>>;
  /** Its launch and work at a shape, on a device allowing this many workgroups per dimension. */
  planAt(shape: MatmulShape, maxWorkgroupsPerDimension?: number): KernelPlan;
  /** The layout A and B are uploaded in, when not plain row-major (MatmulJobSpec). */
  readonly uploadLayout?: MatmulJobSpec['uploadLayout'];
}

/** An f32 matmul's record. */
export type MatmulKernel<Name extends string> = KernelModule<MatmulShape, typeof matmulCpu> & {
  readonly name: Name;
  readonly lab: LabFacet;
};

/**
 * The record of an f32 matmul: its plan on a layout, `matmulCpu` as its reference, and a job
 * that runs its entry point with its constants on the device's layout.
 */
export function defineMatmulKernel<const Name extends string>(
  spec: MatmulKernelSpec<Name>,
): MatmulKernel<Name> {
  const { entryPoint, constants, planAt, uploadLayout, ...shader } = spec;
  const record: MatmulKernel<Name> = defineLabKernel({
    ...shader,
    plan: (shape: MatmulShape, layout) => planAt(shape, layout?.maxWorkgroupsPerDimension),
    reference: matmulCpu,
    job: (context, shape: MatmulShape): Promise<KernelJob> =>
      createMatmulJob(
        context,
        {
          kernel: record,
          entryPoint,
          constants,
          plan: planAt(shape, context.layout.maxWorkgroupsPerDimension),
          ...(uploadLayout ? { uploadLayout } : {}),
        },
        shape,
      ),
  });
  return record;
}
