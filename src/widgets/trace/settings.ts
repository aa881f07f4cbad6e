/**
 * What the trace reader keeps in its link: whether the bundled example is open and which table
 * is shown. A learner's own file, and the timeline's zoom, never go into the link. Pure.
 */
import { booleanField, defineWidgetSchema, enumField, type SchemaState } from '../../state/schema';

/** The tables of an opened trace. */
export const TRACE_TABLES = ['kernels', 'cpu-ops', 'copies'] as const;
/** One table. */
export type TraceTable = (typeof TRACE_TABLES)[number];

/** The widget's settings. */
export const traceSchema = defineWidgetSchema({
  id: 'trace',
  version: 1,
  fields: {
    /** Open the bundled example when the page loads. */
    example: booleanField({ key: 'example', label: 'Example open', default: false }),
    /** The table shown under the timeline. */
    table: enumField({ key: 'table', label: 'Table', default: 'kernels', values: TRACE_TABLES }),
  },
});

/** The widget's settings. */
export type TraceSettings = SchemaState<typeof traceSchema>;
