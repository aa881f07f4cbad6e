/**
 * What a learner sets in the async timing demo, declared once as its state schema: the matrix
 * size of the timed matmul ('auto' picks one that suits the adapter) and how many warm runs
 * follow the first. Measurements never go in a link. Pure.
 */
import { defineWidgetSchema, enumField, integerField, type SchemaState } from '../../state/schema';

/** Matrix sizes offered (n for an n × n × n matmul), and 'auto'. */
export const SIZE_CHOICES = ['auto', '128', '256', '512', '1024', '2048'] as const;
/** One size choice. */
export type SizeChoice = (typeof SIZE_CHOICES)[number];

/** Fewest and most warm runs after the first. */
export const WARM_RUNS_LIMITS = { min: 3, max: 15 } as const;

/** The demo's settings. */
export const asyncTimingSchema = defineWidgetSchema({
  id: 'async-timing',
  version: 1,
  fields: {
    /** n of the n × n × n matmul timed; 'auto' = one suited to the adapter. */
    size: enumField({ key: 'n', label: 'Matrix size', default: 'auto', values: SIZE_CHOICES }),
    /** Warm runs timed after the first. */
    warmRuns: integerField({
      key: 'runs',
      label: 'Warm runs',
      default: 5,
      min: WARM_RUNS_LIMITS.min,
      max: WARM_RUNS_LIMITS.max,
    }),
  },
});

/** What the learner sets (what the demo's link carries). */
export type AsyncTimingSettings = SchemaState<typeof asyncTimingSchema>;
