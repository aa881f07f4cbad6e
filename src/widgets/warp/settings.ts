/**
 * What a learner sets in the warp view, declared once as its state schema: the step of the
 * stepped kernel, the branch rule, the load stride, the shared-memory stride and padding, and
 * the catalog GPU and load width of the latency table. Measurements never go in a link. Pure.
 */
import { gpuIds } from '../../engine/catalog';
import { BRANCH_KINDS } from '../../compute/divergence-reference';
import {
  booleanField,
  defineWidgetSchema,
  enumField,
  integerField,
  type SchemaState,
} from '../../state/schema';
import { BANK_STRIDE_LIMITS } from './banks';
import { STRIDE_LIMITS } from './coalescing';
import { MAX_STEPS } from './kernel-steps';
import { LANE_LOAD_BYTES } from './latency';

/** The warp view's settings. */
export const warpSchema = defineWidgetSchema({
  id: 'warp',
  version: 1,
  fields: {
    /** The step of the stepped kernel shown, 0 first (clamped to the steps the rule issues). */
    step: integerField({ key: 'step', label: 'Step', default: 0, min: 0, max: MAX_STEPS - 1 }),
    /** The branch rule of the kernel and of the divergence panel. */
    branch: enumField({ key: 'branch', label: 'Branch', default: 'even', values: BRANCH_KINDS }),
    /** Words between neighbouring lanes' loads from device memory. */
    stride: integerField({
      key: 'stride',
      label: 'Load stride (words)',
      default: 1,
      min: STRIDE_LIMITS.min,
      max: STRIDE_LIMITS.max,
    }),
    /** Words between neighbouring lanes' reads of shared memory (a tile's row length). */
    bankStride: integerField({
      key: 'bank',
      label: 'Shared-memory stride (words)',
      default: 32,
      min: BANK_STRIDE_LIMITS.min,
      max: BANK_STRIDE_LIMITS.max,
    }),
    /** Pad each row by one word. */
    pad: booleanField({ key: 'pad', label: 'Pad each row by one word', default: false }),
    /** Catalog GPU of the latency table. */
    gpuId: enumField({ key: 'gpu', label: 'GPU', default: 'h100-sxm', values: gpuIds }),
    /** Bytes each lane loads at once in the latency table. */
    laneBytes: enumField({
      key: 'bytes',
      label: 'Bytes per lane per load',
      default: '4',
      values: LANE_LOAD_BYTES,
    }),
  },
});

/** What the learner sets (what the view's link carries). */
export type WarpSettings = SchemaState<typeof warpSchema>;
