/**
 * The register-blocked matmul's job: like the other matmuls' (jobs/matmul-job.ts), except that A
 * and B are uploaded with their rows padded to whole vec4s, the layout the kernel's loads need.
 * The check still uses the unpadded matrices and the shared error bound.
 */
import type { JobContext, KernelJob } from '../../jobs/kernel-job';
import { createMatmulJob } from '../../jobs/matmul-job';
import type { AnyKernelModule } from '../../kernel-module';
import type { MatmulShape } from '../../../compute/matmul-reference';
import { matmulBlockedPlan, padRows } from './matmul-blocked';

/** Builds the register-blocked matmul job for `shape` with `kernel` (its record). */
export function createMatmulBlockedJob(
  context: JobContext,
  kernel: AnyKernelModule,
  shape: MatmulShape,
): Promise<KernelJob> {
  return createMatmulJob(
    context,
    {
      kernel,
      entryPoint: 'matmul_blocked',
      constants: {},
      plan: matmulBlockedPlan(shape, context.layout.maxWorkgroupsPerDimension),
      uploadLayout: (a, b, s) => ({
        a: padRows(a, s.m, s.k),
        b: padRows(b, s.k, s.n),
        label: 'rows padded to vec4s',
      }),
    },
    shape,
  );
}
