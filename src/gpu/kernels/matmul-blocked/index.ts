/** The register-blocked matmul's record: its WGSL, entry point, bindings, plan, reference, lab part. */
import type { KernelJob } from '../../jobs/kernel-job';
import { MATMUL_BINDINGS } from '../../jobs/matmul-job';
import { defineLabKernel } from '../../kernel-module';
import { shapeOf } from '../../lab/lab-facet';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import { createMatmulBlockedJob } from './job';
import matmulBlockedWgsl from './matmul-blocked.wgsl?raw';
import {
  MATMUL_BLOCK_EDGE,
  MATMUL_BLOCK_K,
  MATMUL_BLOCK_ROW_ALIGNMENT,
  MATMUL_BLOCK_THREADS_EDGE,
  matmulBlockedPlan,
} from './matmul-blocked';

/** C = A·B with 8 x 8 outputs per invocation held in registers, 128 x 128 per workgroup. */
export const matmulBlockedKernel = defineLabKernel({
  name: 'matmul-blocked',
  label: 'Matmul, register-blocked',
  summary:
    'Each invocation keeps an 8 x 8 block of C in registers and reads vec4s of 128 x 8 tiles ' +
    'from workgroup memory: 64 multiply-adds per 16 values read.',
  source: matmulBlockedWgsl,
  entryPoints: { matmul_blocked: { bindings: [0, 1, 2, 3], overrides: [] } },
  bindings: MATMUL_BINDINGS,
  sharedConstants: {
    TILE_M: MATMUL_BLOCK_EDGE,
    TILE_N: MATMUL_BLOCK_EDGE,
    TILE_K: MATMUL_BLOCK_K,
    THREADS_X: MATMUL_BLOCK_THREADS_EDGE,
    THREADS_Y: MATMUL_BLOCK_THREADS_EDGE,
  },
  plan: (size: MatmulShape & { maxWorkgroupsPerDimension?: number }) =>
    matmulBlockedPlan(size, size.maxWorkgroupsPerDimension),
  reference: matmulCpu,
  lab: {
    sizeKind: 'matmul',
    defaultSize: { m: 256, n: 256, k: 256 },
    matmulEdge: MATMUL_BLOCK_EDGE,
    matmulRowAlignment: MATMUL_BLOCK_ROW_ALIGNMENT,
    plan: (size, layout) => matmulBlockedPlan(shapeOf(size), layout.maxWorkgroupsPerDimension),
    createJob: (context, size): Promise<KernelJob> =>
      createMatmulBlockedJob(context, matmulBlockedKernel, shapeOf(size)),
  },
});
