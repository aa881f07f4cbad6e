/**
 * WGSL that several kernels share, one fragment per file beside this one. A record names the
 * fragments it uses in `shared`, and the runtime adds them to its module (kernel-source.ts);
 * each file's opening comment says what the kernel using it must declare.
 */
import type { WgslFragment } from '../../kernel-source';
import gridWgsl from './grid.wgsl?raw';
import gridStrideSumWgsl from './grid-stride-sum.wgsl?raw';
import matmulDimsWgsl from './matmul-dims.wgsl?raw';
import vec4StreamWgsl from './vec4-stream.wgsl?raw';
import workgroupSumWgsl from './workgroup-sum.wgsl?raw';

/** `GridInvocation`, `group_index` and `invocation_index`: a place in a folded 2-D grid. */
export const GRID: WgslFragment = { file: 'kernels/shared/grid.wgsl', text: gridWgsl };

/** `stream_vec4s`: the loop of the vectorised streaming kernels (copy, ReLU). */
export const VEC4_STREAM: WgslFragment = {
  file: 'kernels/shared/vec4-stream.wgsl',
  text: vec4StreamWgsl,
  needs: [GRID],
};

/** `workgroup_sum`: a workgroup's lanes combined by a tree in workgroup memory. */
export const WORKGROUP_SUM: WgslFragment = {
  file: 'kernels/shared/workgroup-sum.wgsl',
  text: workgroupSumWgsl,
};

/** The fast sums' grid-stride walk: `Params`, `lane_sum_vec4`, `lane_sum_f32`, `write_partial`. */
export const GRID_STRIDE_SUM: WgslFragment = {
  file: 'kernels/shared/grid-stride-sum.wgsl',
  text: gridStrideSumWgsl,
  needs: [GRID],
};

/** `Dims`: the shape of a product, as the lab's f32 matmuls receive it. */
export const MATMUL_DIMS: WgslFragment = {
  file: 'kernels/shared/matmul-dims.wgsl',
  text: matmulDimsWgsl,
};
