import { defineWidget } from '../declare';
import { memorySnapshotSchema } from './settings';

/** Memory snapshot viewer: how lessons and embeds place it (see ../declare.ts). */
export const memorySnapshotWidget = defineWidget({
  tag: 'MemorySnapshot',
  id: 'memory-snapshot',
  label: 'Memory snapshot viewer',
  placeholderHeightPx: 310,
  narrowPlaceholderHeightPx: 380,
  schema: memorySnapshotSchema,
  load: () => import('./MemorySnapshot'),
});
