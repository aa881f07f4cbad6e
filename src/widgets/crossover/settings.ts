/**
 * What a link may set in the crossover plot, declared once as its state schema: the operation
 * swept, the largest size of each sweep (capped so a laptop stays responsive), the catalog GPU
 * the model uses, and whether the kernel alone is timed too. Measurements never go in a link.
 * Pure.
 */
import { gpuIds } from '../../engine/catalog';
import {
  booleanField,
  defineWidgetSchema,
  enumField,
  integerField,
  type SchemaState,
} from '../../state/schema';

/** The operations swept: ReLU over N float32 values, or an n × n float32 matmul. */
export const CROSSOVER_OPS = ['relu', 'matmul'] as const;
/** One of them. */
export type Op = (typeof CROSSOVER_OPS)[number];

/**
 * Smallest and largest power of two a link may give as the largest ReLU size: 4 Mi elements is
 * 16 MiB per array, so the page's few copies of input and output stay well under 200 MB.
 */
export const MIN_ELEMENTS_LOG2 = 12;
export const MAX_ELEMENTS_LOG2 = 22;

/** Largest matmul edge a sweep may reach, as written in a link. */
export const MATMUL_MAX_CHOICES = ['64', '128', '256', '512', '1024'] as const;

/** The catalog GPU the model uses unless a link names another. */
export const DEFAULT_CATALOG_GPU = 'a100-sxm-80gb';

/** The crossover plot's settings. */
export const crossoverSchema = defineWidgetSchema({
  id: 'crossover',
  version: 1,
  fields: {
    /** The operation swept. */
    op: enumField({ key: 'op', label: 'Operation', default: 'relu', values: CROSSOVER_OPS }),
    /** The ReLU sweep ends at 2 to this power elements. */
    elementsLog2: integerField({
      key: 'emax',
      label: 'Largest ReLU size (power of two)',
      default: 20,
      min: MIN_ELEMENTS_LOG2,
      max: MAX_ELEMENTS_LOG2,
    }),
    /** The matmul sweep ends at n × n. */
    matmulMax: enumField({
      key: 'nmax',
      label: 'Largest matmul edge',
      default: '256',
      values: MATMUL_MAX_CHOICES,
    }),
    /** Catalog GPU of the modeled curve. */
    gpu: enumField({
      key: 'gpu',
      label: 'Modeled GPU',
      default: DEFAULT_CATALOG_GPU,
      values: gpuIds,
    }),
    /** Also time the kernel alone (data already on the GPU). */
    kernelAlone: booleanField({
      key: 'kernel',
      label: 'Also time the kernel alone',
      formLabel: 'Also time the GPU kernel alone (data already on the GPU)',
      default: false,
    }),
  },
});

/** The crossover plot's settings. */
export type CrossoverSettings = SchemaState<typeof crossoverSchema>;
