/** The naive matmul's record: its card, WGSL, entry point, bindings, plan, reference and job. */
import { matmulBindings, matmulLabFacet } from '../../jobs/matmul-job';
import { defineLabKernel, type AnyKernelModule } from '../../kernel-module';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import { MATMUL_DIMS } from '../shared';
import matmulNaiveWgsl from './matmul-naive.wgsl?raw';
import { MATMUL_NAIVE_CARD, MATMUL_NAIVE_WORKGROUP_EDGE, matmulNaivePlan } from './matmul-naive';

const EDGE = { WORKGROUP_X: MATMUL_NAIVE_WORKGROUP_EDGE, WORKGROUP_Y: MATMUL_NAIVE_WORKGROUP_EDGE };

/** C = A·B with one invocation per element of C, reading straight from memory. */
export const matmulNaiveKernel = defineLabKernel({
  ...MATMUL_NAIVE_CARD,
  wgsl: matmulNaiveWgsl,
  shared: [MATMUL_DIMS],
  entryPoints: {
    matmul_naive: { bindings: [0, 1, 2, 3], overrides: ['WORKGROUP_X', 'WORKGROUP_Y'] },
  },
  bindings: matmulBindings('f32'),
  sharedConstants: EDGE,
  plan: (size: MatmulShape & { maxWorkgroupsPerDimension?: number }) =>
    matmulNaivePlan(size, size.maxWorkgroupsPerDimension),
  reference: matmulCpu,
  lab: matmulLabFacet(MATMUL_NAIVE_CARD.lab, {
    kernel: (): AnyKernelModule => matmulNaiveKernel,
    entryPoint: 'matmul_naive',
    constants: EDGE,
  }),
});
