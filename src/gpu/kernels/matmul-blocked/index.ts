/**
 * The register-blocked matmul's record: its WGSL, entry point, bindings, plan, reference, job
 * and lab facet. The job is the other matmuls' (jobs/matmul-job.ts), except that A and B are
 * uploaded with their rows padded to whole vec4s, the layout the kernel's loads need; the check
 * still uses the unpadded matrices and the shared error bound.
 */
import { matmulBindings, type MatmulUpload } from '../../jobs/matmul-job';
import { matmulLab } from '../../sizes/lab-facet';
import type { MatmulShape } from '../../../compute/matmul-reference';
import { defineMatmulKernel } from '../matmul-kernel';
import { MATMUL_DIMS } from '../shared';
import matmulBlockedWgsl from './matmul-blocked.wgsl?raw';
import {
  MATMUL_BLOCK_EDGE,
  MATMUL_BLOCK_K,
  MATMUL_BLOCK_ROW_ALIGNMENT,
  MATMUL_BLOCK_THREADS_EDGE,
  matmulBlockedPlan,
  padRows,
} from './matmul-blocked';

/** A and B with their rows padded to whole vec4s (the tuned matmul uploads them so too). */
export function paddedUpload(
  a: Float32Array<ArrayBuffer>,
  b: Float32Array<ArrayBuffer>,
  shape: MatmulShape,
): MatmulUpload {
  return {
    a: padRows(a, shape.m, shape.k),
    b: padRows(b, shape.k, shape.n),
    label: 'rows padded to vec4s',
  };
}

/** C = A·B with 8 x 8 outputs per invocation held in registers, 128 x 128 per workgroup. */
export const matmulBlockedKernel = defineMatmulKernel({
  name: 'matmul-blocked',
  label: 'Matmul, register-blocked',
  summary:
    'Each invocation keeps an 8 x 8 block of C in registers and reads vec4s of 128 x 8 tiles ' +
    'from workgroup memory: 64 multiply-adds per 16 values read.',
  wgsl: matmulBlockedWgsl,
  shared: [MATMUL_DIMS],
  entryPoints: { matmul_blocked: { bindings: [0, 1, 2, 3], overrides: [] } },
  bindings: matmulBindings('vec4f'),
  sharedConstants: {
    TILE_M: MATMUL_BLOCK_EDGE,
    TILE_N: MATMUL_BLOCK_EDGE,
    TILE_K: MATMUL_BLOCK_K,
    THREADS_X: MATMUL_BLOCK_THREADS_EDGE,
    THREADS_Y: MATMUL_BLOCK_THREADS_EDGE,
  },
  entryPoint: 'matmul_blocked',
  constants: {},
  planAt: matmulBlockedPlan,
  uploadLayout: paddedUpload,
  lab: matmulLab({
    edge: MATMUL_BLOCK_EDGE,
    rowAlignment: MATMUL_BLOCK_ROW_ALIGNMENT,
    step: 'matmul',
    bench: { size: 'large-matmul', target: 0.5 },
  }),
});
