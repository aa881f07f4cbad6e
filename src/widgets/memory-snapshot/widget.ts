import { defineWidget } from '../declare';

/** Memory snapshot viewer: how lessons and embeds place it (see ../declare.ts). */
export const memorySnapshotWidget = defineWidget({
  tag: 'MemorySnapshot',
  id: 'memory-snapshot',
  label: 'Memory snapshot viewer',
  placeholderHeightPx: 310,
  narrowPlaceholderHeightPx: 380,
  loadSchema: () => import('./settings').then((m) => m.memorySnapshotSchema),
  load: () => import('./MemorySnapshot'),
});
