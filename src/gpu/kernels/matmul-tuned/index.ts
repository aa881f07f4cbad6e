/**
 * The tuned matmul's record: its WGSL, entry point, bindings, plan, reference, job and lab
 * facet. The job is the other matmuls' (jobs/matmul-job.ts) with rows padded to whole vec4s like
 * the register-blocked kernel's, run on the shader of a tile (its WGSL is written for the tile):
 * the one asked for, else the one the sweep chose for the adapter (`MATMUL_TUNING`), else the
 * register-blocked kernel's; bounds checks are left out when the shape is whole tiles.
 */
import { createMatmulJob, matmulBindings } from '../../jobs/matmul-job';
import type { KernelJob } from '../../jobs/kernel-job';
import { defineLabKernel } from '../../kernel-module';
import { defineShader, type KernelShader } from '../../kernel-shader';
import { matmulLab } from '../../sizes/lab-facet';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import { paddedUpload } from '../matmul-blocked';
import { MATMUL_BLOCK_ROW_ALIGNMENT } from '../matmul-blocked/matmul-blocked';
import { MATMUL_DIMS } from '../shared';
import {
  DEFAULT_MATMUL_TILE,
  matmulTunedPlan,
  tileConstants,
  tileId,
  type MatmulTile,
} from './matmul-tuned';
import { tunedMatmulWgsl } from './tuned-source';
import { MATMUL_TUNING } from './tuning';

/** What a tuned matmul is given: the shape, and the tile when the caller picks one (a sweep). */
export type TunedMatmulSize = MatmulShape & { tile?: MatmulTile };

/** What every variant's shader shares: its buffers, its one entry point, its tile's constants. */
function tunedShader<const Name extends string>(tile: MatmulTile, name: Name) {
  return {
    name,
    label: 'Matmul, tuned for this GPU',
    wgsl: tunedMatmulWgsl(tile),
    shared: [MATMUL_DIMS],
    entryPoints: { matmul_tuned: { bindings: [0, 1, 2, 3], overrides: ['EXACT'] } },
    bindings: matmulBindings('vec4f'),
    sharedConstants: { TILE_M: tile.tileM, TILE_N: tile.tileN, TILE_K: tile.tileK, EXACT: 0 },
  };
}

/** Each variant's shader, made once per tile. */
const variants = new Map<string, KernelShader>();

/**
 * The shader of `tile`'s variant. Its name carries the tile, so the pipeline cache keeps one
 * module per variant.
 */
export function tunedVariant(tile: MatmulTile): KernelShader {
  const id = tileId(tile);
  let variant = variants.get(id);
  if (!variant) {
    variant = defineShader(tunedShader(tile, `matmul-tuned/${id}`));
    variants.set(id, variant);
  }
  return variant;
}

/** C = A·B register-blocked with the tile a sweep chose for the device. */
export const matmulTunedKernel = defineLabKernel({
  // The record shows the register-blocked kernel's tile; a job runs the device's choice.
  ...tunedShader(DEFAULT_MATMUL_TILE, 'matmul-tuned'),
  summary:
    'The register-blocked kernel with its tile (block, k-step, outputs per invocation) chosen ' +
    'by a sweep on this adapter, and no bounds checks when the shape is whole tiles.',
  plan: (size: TunedMatmulSize, layout) =>
    matmulTunedPlan(size, size.tile, layout?.maxWorkgroupsPerDimension),
  reference: matmulCpu,
  job(context, size): Promise<KernelJob> {
    const tile = size.tile ?? MATMUL_TUNING.tileFor(context.adapter);
    const shape = { m: size.m, n: size.n, k: size.k };
    return createMatmulJob(
      context,
      {
        kernel: tunedVariant(tile),
        entryPoint: 'matmul_tuned',
        constants: tileConstants(tile, shape),
        plan: matmulTunedPlan(shape, tile, context.layout.maxWorkgroupsPerDimension),
        uploadLayout: paddedUpload,
      },
      shape,
    );
  },
  // Fitting uses the family's largest block edge (128); smaller blocks need wider grids, which
  // the plan checks against the device's limit.
  lab: matmulLab({
    edge: 128,
    rowAlignment: MATMUL_BLOCK_ROW_ALIGNMENT,
    step: 'matmul',
    bench: { size: 'large-matmul', target: 0.5 },
  }),
});
