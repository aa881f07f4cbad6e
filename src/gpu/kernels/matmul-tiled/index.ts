/** The tiled matmul's record: its card, WGSL, entry point, bindings, plan, reference and job. */
import { matmulBindings, matmulLabFacet } from '../../jobs/matmul-job';
import { defineLabKernel, type AnyKernelModule } from '../../kernel-module';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import { MATMUL_DIMS } from '../shared';
import matmulTiledWgsl from './matmul-tiled.wgsl?raw';
import { MATMUL_TILE_EDGE, MATMUL_TILED_CARD, matmulTiledPlan } from './matmul-tiled';

/** C = A·B in 16 x 16 tiles staged through workgroup memory. */
export const matmulTiledKernel = defineLabKernel({
  ...MATMUL_TILED_CARD,
  wgsl: matmulTiledWgsl,
  shared: [MATMUL_DIMS],
  entryPoints: { matmul_tiled: { bindings: [0, 1, 2, 3], overrides: [] } },
  bindings: matmulBindings('f32'),
  sharedConstants: { TILE: MATMUL_TILE_EDGE },
  plan: (size: MatmulShape & { maxWorkgroupsPerDimension?: number }) =>
    matmulTiledPlan(size, size.maxWorkgroupsPerDimension),
  reference: matmulCpu,
  lab: matmulLabFacet(MATMUL_TILED_CARD.lab, {
    kernel: (): AnyKernelModule => matmulTiledKernel,
    entryPoint: 'matmul_tiled',
    constants: {},
  }),
});
