import { defineWidget } from '../declare';
import { memorySnapshotFace } from './face';

/** Memory snapshot viewer: how lessons and embeds place it (see ../declare.ts). */
export const memorySnapshotWidget = defineWidget({
  ...memorySnapshotFace,
  tag: 'MemorySnapshot',
  placeholderHeightPx: 270,
  narrowPlaceholderHeightPx: 380,
  loadSchema: () => import('./settings').then((m) => m.memorySnapshotSchema),
  load: () => import('./MemorySnapshot'),
});
