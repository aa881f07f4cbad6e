/** The tiled matmul's record: WGSL, entry point, bindings, plan, reference, job and lab facet. */
import { createMatmulJob, matmulBindings } from '../../jobs/matmul-job';
import type { KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { matmulLab } from '../../sizes/lab-facet';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import { MATMUL_DIMS } from '../shared';
import matmulTiledWgsl from './matmul-tiled.wgsl?raw';
import { MATMUL_TILE_EDGE, matmulTiledPlan } from './matmul-tiled';

/** C = A·B in 16 x 16 tiles staged through workgroup memory. */
export const matmulTiledKernel = defineLabKernel({
  name: 'matmul-tiled',
  label: 'Matmul, tiled',
  summary: 'Loads 16 x 16 tiles into workgroup memory and reuses each value 16 times.',
  wgsl: matmulTiledWgsl,
  shared: [MATMUL_DIMS],
  entryPoints: { matmul_tiled: { bindings: [0, 1, 2, 3], overrides: [] } },
  bindings: matmulBindings('f32'),
  sharedConstants: { TILE: MATMUL_TILE_EDGE },
  plan: (shape: MatmulShape, layout) => matmulTiledPlan(shape, layout?.maxWorkgroupsPerDimension),
  reference: matmulCpu,
  job: (context, shape): Promise<KernelJob> =>
    createMatmulJob(
      context,
      {
        kernel: matmulTiledKernel,
        entryPoint: 'matmul_tiled',
        constants: {},
        plan: matmulTiledPlan(shape, context.layout.maxWorkgroupsPerDimension),
      },
      shape,
    ),
  lab: matmulLab({ edge: MATMUL_TILE_EDGE, step: 'matmul', bench: { size: 'matmul' } }),
});
