/**
 * What the memory-snapshot widget keeps in its link: whether the bundled example is open, and
 * which view of it is shown. A learner's own file never goes into the link. Pure.
 */
import { booleanField, defineWidgetSchema, enumField, type SchemaState } from '../../state/schema';

/** The two views of an opened snapshot. */
export const SNAPSHOT_VIEWS = ['timeline', 'segments'] as const;
/** One view. */
export type SnapshotView = (typeof SNAPSHOT_VIEWS)[number];

/** The widget's settings. */
export const memorySnapshotSchema = defineWidgetSchema({
  id: 'memory-snapshot',
  version: 1,
  fields: {
    /** Open the bundled example when the page loads. */
    example: booleanField({ key: 'example', label: 'Example open', default: false }),
    /** The allocated-memory timeline with the peak table, or the segments and their blocks. */
    view: enumField({ key: 'view', label: 'View', default: 'timeline', values: SNAPSHOT_VIEWS }),
  },
});

/** The widget's settings. */
export type MemorySnapshotSettings = SchemaState<typeof memorySnapshotSchema>;
