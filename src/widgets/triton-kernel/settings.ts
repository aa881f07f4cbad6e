/**
 * What a lesson or a link may set in the Triton kernel widget, declared once as its state
 * schema: which Triton puzzle's kernel it shows, whether it shows the kernel (with the same
 * kernel in CUDA C++ and WGSL) or an autotune of its block sizes and warps, and the catalog GPU
 * the cost engine's prediction is for. The learner's edits to the kernel are never in a link.
 * Pure, and light: the puzzle ids are listed here (a test keeps them equal to the catalog's), so
 * reading the schema loads no Triton runtime.
 */
import { catalogGpuField } from '../../network-step';
import { defineWidgetSchema, enumField, type SchemaState } from '../../state/schema';

/** The Triton puzzles' ids, in the catalog's order (src/triton/puzzles/index.ts). */
export const TRITON_PUZZLE_IDS = [
  'vector-add',
  'scale-shift',
  'add-2d',
  'row-sum',
  'row-argmax',
  'fused-softmax',
  'layer-norm',
  'row-cumsum',
  'tiled-matmul',
  'matmul-relu',
  'flash-attention',
] as const;

/** What the widget shows: the kernel three ways, or an autotune of its configs. */
export const VIEWS = ['kernel', 'autotune'] as const;
/** One view. */
export type TritonKernelView = (typeof VIEWS)[number];

/** The Triton kernel widget's settings. */
export const tritonKernelSchema = defineWidgetSchema({
  id: 'triton-kernel',
  version: 1,
  fields: {
    /** The Triton puzzle whose reference kernel is shown (and run, and tuned). */
    puzzle: enumField({
      key: 'puzzle',
      label: 'Kernel',
      formLabel: 'Triton puzzle',
      default: 'fused-softmax',
      values: TRITON_PUZZLE_IDS,
    }),
    /** The kernel with its CUDA C++ and WGSL twins, or an autotune of its configs. */
    view: enumField({
      key: 'view',
      label: 'View',
      default: 'kernel',
      values: VIEWS,
    }),
    /** The catalog GPU the cost engine's prediction is for ("My machine" once entered). */
    gpu: {
      ...catalogGpuField({ label: 'Modeled GPU' }),
      formLabel: 'Prediction (modeled) on',
      default: 'h100-sxm' as const,
    },
  },
});

/** The Triton kernel widget's settings. */
export type TritonKernelSettings = SchemaState<typeof tritonKernelSchema>;
