/**
 * The tuned matmul's record: its card, WGSL, entry point, bindings, plan, reference, job, and
 * `tuning`, the sweep's choice of tile per adapter. The job is the other matmuls'
 * (jobs/matmul-job.ts) with rows padded to whole vec4s like the register-blocked kernel's, run
 * on the record of the layout's tile (the device's choice; its WGSL is written for that tile),
 * with bounds checks left out when the shape is whole tiles.
 */
import { createMatmulJob, matmulBindings } from '../../jobs/matmul-job';
import { defineKernel, defineLabKernel, type AnyKernelModule } from '../../kernel-module';
import type { KernelJob } from '../../jobs/kernel-job';
import { shapeOf } from '../../lab/lab-facet';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import { MATMUL_DIMS } from '../shared';
import { padRows } from '../matmul-blocked/matmul-blocked';
import {
  DEFAULT_MATMUL_TILE,
  MATMUL_TUNED_CARD,
  matmulTunedPlan,
  tileConstants,
  tileId,
  type MatmulTile,
} from './matmul-tuned';
import { tunedMatmulWgsl } from './tuned-source';
import { MATMUL_TUNING } from './tuning';

/** What every variant's record shares: card (less its lab part), buffers, plan and reference. */
function tunedSpec(tile: MatmulTile) {
  return {
    name: MATMUL_TUNED_CARD.name,
    label: MATMUL_TUNED_CARD.label,
    summary: MATMUL_TUNED_CARD.summary,
    wgsl: tunedMatmulWgsl(tile),
    shared: [MATMUL_DIMS],
    entryPoints: { matmul_tuned: { bindings: [0, 1, 2, 3], overrides: ['EXACT'] } },
    bindings: matmulBindings('vec4f'),
    sharedConstants: { TILE_M: tile.tileM, TILE_N: tile.tileN, TILE_K: tile.tileK, EXACT: 0 },
    plan: (size: MatmulShape & { tile?: MatmulTile; maxWorkgroupsPerDimension?: number }) =>
      matmulTunedPlan(size, size.tile, size.maxWorkgroupsPerDimension),
    reference: matmulCpu,
  };
}

/** Each variant's own record (its WGSL is written for its tile), made once per tile. */
const variants = new Map<string, AnyKernelModule>();

/**
 * The record of `tile`'s variant. Its name carries the tile, so the pipeline cache keeps one
 * module per variant.
 */
export function tunedVariant(tile: MatmulTile): AnyKernelModule {
  const id = tileId(tile);
  let variant = variants.get(id);
  if (!variant) {
    variant = defineKernel({ ...tunedSpec(tile), name: `matmul-tuned/${id}` }) as AnyKernelModule;
    variants.set(id, variant);
  }
  return variant;
}

// The lab's record shows the register-blocked kernel's tile; a job runs the device's choice.
const record = defineLabKernel({
  ...tunedSpec(DEFAULT_MATMUL_TILE),
  lab: {
    ...MATMUL_TUNED_CARD.lab,
    createJob: (context, size): Promise<KernelJob> => {
      const shape = shapeOf(size);
      const tile = context.layout.matmulTile ?? DEFAULT_MATMUL_TILE;
      return createMatmulJob(
        context,
        {
          kernel: tunedVariant(tile),
          entryPoint: 'matmul_tuned',
          constants: tileConstants(tile, shape),
          plan: MATMUL_TUNED_CARD.lab.plan(size, context.layout),
          uploadLayout: (a, b, s) => ({
            a: padRows(a, s.m, s.k),
            b: padRows(b, s.k, s.n),
            label: 'rows padded to vec4s',
          }),
        },
        shape,
      );
    },
  },
});

/** C = A·B register-blocked with the tile a sweep chose for the device (`tuning`). */
export const matmulTunedKernel = { ...record, tuning: MATMUL_TUNING };
