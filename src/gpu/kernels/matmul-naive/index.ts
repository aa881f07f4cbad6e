/** The naive matmul's record: its WGSL, entry point, bindings, plan, reference and lab part. */
import { MATMUL_BINDINGS, matmulLabFacet } from '../../jobs/matmul-job';
import { defineLabKernel, type AnyKernelModule } from '../../kernel-module';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import matmulNaiveWgsl from './matmul-naive.wgsl?raw';
import { MATMUL_NAIVE_WORKGROUP_EDGE, matmulNaivePlan } from './matmul-naive';

const EDGE = MATMUL_NAIVE_WORKGROUP_EDGE;

/** C = A·B with one invocation per element of C, reading straight from memory. */
export const matmulNaiveKernel = defineLabKernel({
  name: 'matmul-naive',
  label: 'Matmul, naive',
  summary: 'One invocation per output element, reading its row and column straight from memory.',
  source: matmulNaiveWgsl,
  entryPoints: {
    matmul_naive: { bindings: [0, 1, 2, 3], overrides: ['WORKGROUP_X', 'WORKGROUP_Y'] },
  },
  bindings: MATMUL_BINDINGS,
  sharedConstants: { WORKGROUP_X: EDGE, WORKGROUP_Y: EDGE },
  plan: (size: MatmulShape & { maxWorkgroupsPerDimension?: number }) =>
    matmulNaivePlan(size, size.maxWorkgroupsPerDimension),
  reference: matmulCpu,
  lab: matmulLabFacet({
    kernel: (): AnyKernelModule => matmulNaiveKernel,
    entryPoint: 'matmul_naive',
    constants: { WORKGROUP_X: EDGE, WORKGROUP_Y: EDGE },
    edge: EDGE,
    plan: matmulNaivePlan,
  }),
});
