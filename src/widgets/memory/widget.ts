import { defineWidget } from '../declare';

/** GPU memory simulator: how lessons and embeds place it (see ../declare.ts). */
export const memoryWidget = defineWidget({
  tag: 'MemorySimulator',
  id: 'memory',
  label: 'GPU memory simulator',
  placeholderHeightPx: 4440,
  narrowPlaceholderHeightPx: 6930,
  loadSchema: () => import('./settings').then((m) => m.memorySchema),
  load: () => import('./MemorySimulator'),
});
