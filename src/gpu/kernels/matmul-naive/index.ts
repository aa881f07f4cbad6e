/** The naive matmul's record: its WGSL, entry point, bindings, plan, reference and lab part. */
import { createMatmulJob, MATMUL_BINDINGS } from '../../jobs/matmul-job';
import type { KernelJob } from '../../jobs/job';
import { defineLabKernel } from '../../kernel-module';
import { shapeOf } from '../../lab/lab-facet';
import { matmulCpu, type MatmulShape } from '../../matmul-shape';
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
  lab: {
    sizeKind: 'matmul',
    matmulEdge: EDGE,
    plan: (size, layout) => matmulNaivePlan(shapeOf(size), layout.maxWorkgroupsPerDimension),
    createJob: (context, size): Promise<KernelJob> =>
      createMatmulJob(
        context,
        {
          kernel: matmulNaiveKernel,
          entryPoint: 'matmul_naive',
          constants: { WORKGROUP_X: EDGE, WORKGROUP_Y: EDGE },
          plan: matmulNaivePlan(shapeOf(size), context.layout.maxWorkgroupsPerDimension),
        },
        shapeOf(size),
      ),
  },
});
