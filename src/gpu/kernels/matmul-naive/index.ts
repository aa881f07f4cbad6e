/** The naive matmul's record: WGSL, entry point, bindings, plan, reference, job and lab facet. */
import { matmulBindings } from '../../jobs/matmul-job';
import { matmulLab } from '../../sizes/lab-facet';
import { defineMatmulKernel } from '../matmul-kernel';
import { MATMUL_DIMS } from '../shared';
import matmulNaiveWgsl from './matmul-naive.wgsl?raw';
import { MATMUL_NAIVE_WORKGROUP_EDGE, matmulNaivePlan } from './matmul-naive';

const EDGE = { WORKGROUP_X: MATMUL_NAIVE_WORKGROUP_EDGE, WORKGROUP_Y: MATMUL_NAIVE_WORKGROUP_EDGE };

/** C = A·B with one invocation per element of C, reading straight from memory. */
export const matmulNaiveKernel = defineMatmulKernel({
  name: 'matmul-naive',
  label: 'Matmul, naive',
  summary: 'One invocation per output element, reading its row and column straight from memory.',
  wgsl: matmulNaiveWgsl,
  shared: [MATMUL_DIMS],
  entryPoints: {
    matmul_naive: { bindings: [0, 1, 2, 3], overrides: ['WORKGROUP_X', 'WORKGROUP_Y'] },
  },
  bindings: matmulBindings('f32'),
  sharedConstants: EDGE,
  entryPoint: 'matmul_naive',
  constants: EDGE,
  planAt: matmulNaivePlan,
  lab: matmulLab({ edge: MATMUL_NAIVE_WORKGROUP_EDGE, step: 'matmul', bench: { size: 'matmul' } }),
});
