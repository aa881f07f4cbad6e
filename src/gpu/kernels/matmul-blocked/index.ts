/**
 * The register-blocked matmul's record: its card, WGSL, entry point, bindings, plan, reference
 * and job. The job is the other matmuls' (jobs/matmul-job.ts), except that A and B are uploaded
 * with their rows padded to whole vec4s, the layout the kernel's loads need; the check still
 * uses the unpadded matrices and the shared error bound.
 */
import { matmulBindings, matmulLabFacet } from '../../jobs/matmul-job';
import { defineLabKernel, type AnyKernelModule } from '../../kernel-module';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import { MATMUL_DIMS } from '../shared';
import matmulBlockedWgsl from './matmul-blocked.wgsl?raw';
import {
  MATMUL_BLOCK_EDGE,
  MATMUL_BLOCK_K,
  MATMUL_BLOCK_THREADS_EDGE,
  MATMUL_BLOCKED_CARD,
  matmulBlockedPlan,
  padRows,
} from './matmul-blocked';

/** C = A·B with 8 x 8 outputs per invocation held in registers, 128 x 128 per workgroup. */
export const matmulBlockedKernel = defineLabKernel({
  ...MATMUL_BLOCKED_CARD,
  wgsl: matmulBlockedWgsl,
  shared: [MATMUL_DIMS],
  entryPoints: { matmul_blocked: { bindings: [0, 1, 2, 3], overrides: [] } },
  bindings: matmulBindings('vec4f'),
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
  lab: matmulLabFacet(MATMUL_BLOCKED_CARD.lab, {
    kernel: (): AnyKernelModule => matmulBlockedKernel,
    entryPoint: 'matmul_blocked',
    constants: {},
    uploadLayout: (a, b, s) => ({
      a: padRows(a, s.m, s.k),
      b: padRows(b, s.k, s.n),
      label: 'rows padded to vec4s',
    }),
  }),
});
