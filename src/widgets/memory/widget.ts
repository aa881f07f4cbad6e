import { defineWidget } from '../declare';
import { memoryFace } from './face';

/** GPU memory simulator: how lessons and embeds place it (see ../declare.ts). */
export const memoryWidget = defineWidget({
  ...memoryFace,
  tag: 'MemorySimulator',
  placeholderHeightPx: 4440,
  narrowPlaceholderHeightPx: 6930,
  loadSchema: () => import('./settings').then((m) => m.memorySchema),
  load: () => import('./MemorySimulator'),
});
