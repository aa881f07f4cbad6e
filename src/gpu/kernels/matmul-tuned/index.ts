/**
 * The tuned matmul's record: its card, WGSL, entry point, bindings, plan, reference, job, and
 * `tuning`, the sweep's choice of tile per adapter. The job is the other matmuls'
 * (jobs/matmul-job.ts) with rows padded to whole vec4s like the register-blocked kernel's, and the
 * override constants of the layout's tile (the device's choice), with bounds checks left out
 * when the shape is whole tiles.
 */
import { createMatmulJob, matmulBindings } from '../../jobs/matmul-job';
import { defineLabKernel, type AnyKernelModule } from '../../kernel-module';
import type { KernelJob } from '../../jobs/kernel-job';
import { shapeOf } from '../../lab/lab-facet';
import { matmulCpu, type MatmulShape } from '../../../compute/matmul-reference';
import { MATMUL_DIMS } from '../shared';
import { padRows } from '../matmul-blocked/matmul-blocked';
import matmulTunedWgsl from './matmul-tuned.wgsl?raw';
import {
  DEFAULT_MATMUL_TILE,
  MATMUL_TILE_LIMITS,
  MATMUL_TUNED_CARD,
  matmulTunedPlan,
  tileConstants,
  type MatmulTile,
} from './matmul-tuned';
import { MATMUL_TUNING } from './tuning';

const record = defineLabKernel({
  ...MATMUL_TUNED_CARD,
  wgsl: matmulTunedWgsl,
  shared: [MATMUL_DIMS],
  entryPoints: {
    matmul_tuned: {
      bindings: [0, 1, 2, 3],
      overrides: ['TILE_M', 'TILE_N', 'TILE_K', 'MICRO_M', 'MICRO_N', 'EXACT'],
    },
  },
  bindings: matmulBindings('vec4f'),
  sharedConstants: {
    TILE_M: DEFAULT_MATMUL_TILE.tileM,
    TILE_N: DEFAULT_MATMUL_TILE.tileN,
    TILE_K: DEFAULT_MATMUL_TILE.tileK,
    MICRO_M: DEFAULT_MATMUL_TILE.microM,
    MICRO_N: DEFAULT_MATMUL_TILE.microN,
    EXACT: 0,
    MAX_ROWS: MATMUL_TILE_LIMITS.maxMicroM,
    MAX_COL_VEC4S: MATMUL_TILE_LIMITS.maxMicroN / 4,
    MAX_ACC_VEC4S: (MATMUL_TILE_LIMITS.maxMicroM * MATMUL_TILE_LIMITS.maxMicroN) / 4,
    MAX_LOADS: MATMUL_TILE_LIMITS.maxLoadsPerInvocation,
  },
  plan: (size: MatmulShape & { tile?: MatmulTile; maxWorkgroupsPerDimension?: number }) =>
    matmulTunedPlan(size, size.tile, size.maxWorkgroupsPerDimension),
  reference: matmulCpu,
  lab: {
    ...MATMUL_TUNED_CARD.lab,
    createJob: (context, size): Promise<KernelJob> => {
      const shape = shapeOf(size);
      const tile = context.layout.matmulTile ?? DEFAULT_MATMUL_TILE;
      return createMatmulJob(
        context,
        {
          kernel: tunedModule(),
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

/** The record as any kernel module (for the job, which is built after the record exists). */
function tunedModule(): AnyKernelModule {
  return record;
}

/** C = A·B register-blocked with the tile a sweep chose for the device (`tuning`). */
export const matmulTunedKernel = { ...record, tuning: MATMUL_TUNING };
