/** The tiled matmul's record: its WGSL, entry point, bindings, plan, reference and lab part. */
import { MATMUL_BINDINGS, matmulLabFacet } from '../../jobs/matmul-job';
import { defineLabKernel, type AnyKernelModule } from '../../kernel-module';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
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
  lab: matmulLabFacet({
    kernel: (): AnyKernelModule => matmulTiledKernel,
    entryPoint: 'matmul_tiled',
    constants: {},
    edge: MATMUL_TILE_EDGE,
    plan: matmulTiledPlan,
  }),
});
