import { defineWidget } from '../declare';
import { memoryFace } from './face';

/** GPU memory simulator: how lessons and embeds place it (see ../declare.ts). */
export const memoryWidget = defineWidget({
  ...memoryFace,
  tag: 'MemorySimulator',
  placeholderHeightPx: 3620,
  narrowPlaceholderHeightPx: 5340,
  loadSchema: () => import('./settings').then((m) => m.memorySchema),
  load: () => import('./MemorySimulator'),
});
