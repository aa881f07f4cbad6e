/** The tiled matmul's record: WGSL, entry point, bindings, plan, reference, job and lab facet. */
import { matmulBindings } from '../../jobs/matmul-job';
import { matmulLab } from '../../sizes/lab-facet';
import { defineMatmulKernel } from '../matmul-kernel';
import { MATMUL_DIMS } from '../shared';
import matmulTiledWgsl from './matmul-tiled.wgsl?raw';
import { MATMUL_TILE_EDGE, matmulTiledPlan } from './matmul-tiled';

/** C = A·B in 16 x 16 tiles staged through workgroup memory. */
export const matmulTiledKernel = defineMatmulKernel({
  name: 'matmul-tiled',
  label: 'Matmul, tiled',
  summary: 'Loads 16 x 16 tiles into workgroup memory and reuses each value 16 times.',
  wgsl: matmulTiledWgsl,
  shared: [MATMUL_DIMS],
  entryPoints: { matmul_tiled: { bindings: [0, 1, 2, 3], overrides: [] } },
  bindings: matmulBindings('f32'),
  sharedConstants: { TILE: MATMUL_TILE_EDGE },
  entryPoint: 'matmul_tiled',
  constants: {},
  planAt: matmulTiledPlan,
  lab: matmulLab({ edge: MATMUL_TILE_EDGE, step: 'matmul', bench: { size: 'matmul' } }),
});
