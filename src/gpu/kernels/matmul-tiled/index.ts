/** The tiled matmul's record: its WGSL, entry point, bindings, plan, reference and lab part. */
import { createMatmulJob, MATMUL_BINDINGS } from '../../jobs/matmul-job';
import type { KernelJob } from '../../jobs/job';
import { defineLabKernel } from '../../kernel-module';
import { shapeOf } from '../../lab/lab-facet';
import { matmulCpu, type MatmulShape } from '../../matmul-shape';
import matmulTiledWgsl from './matmul-tiled.wgsl?raw';
import { MATMUL_TILE_EDGE, matmulTiledPlan } from './matmul-tiled';

/** C = A·B in 16 x 16 tiles staged through workgroup memory. */
export const matmulTiledKernel = defineLabKernel({
  name: 'matmul-tiled',
  label: 'Matmul, tiled',
  summary: 'Loads 16 x 16 tiles into workgroup memory and reuses each value 16 times.',
  source: matmulTiledWgsl,
  entryPoints: { matmul_tiled: { bindings: [0, 1, 2, 3], overrides: [] } },
  bindings: MATMUL_BINDINGS,
  sharedConstants: { TILE: MATMUL_TILE_EDGE },
  plan: (size: MatmulShape & { maxWorkgroupsPerDimension?: number }) =>
    matmulTiledPlan(size, size.maxWorkgroupsPerDimension),
  reference: matmulCpu,
  lab: {
    sizeKind: 'matmul',
    matmulEdge: MATMUL_TILE_EDGE,
    plan: (size, layout) => matmulTiledPlan(shapeOf(size), layout.maxWorkgroupsPerDimension),
    createJob: (context, size): Promise<KernelJob> =>
      createMatmulJob(
        context,
        {
          kernel: matmulTiledKernel,
          entryPoint: 'matmul_tiled',
          constants: {},
          plan: matmulTiledPlan(shapeOf(size), context.layout.maxWorkgroupsPerDimension),
        },
        shapeOf(size),
      ),
  },
});
