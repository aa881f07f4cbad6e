import { defineWidget } from '../declare';
import { memorySchema } from './settings';

/** GPU memory simulator: how lessons and embeds place it (see ../declare.ts). */
export const memoryWidget = defineWidget({
  tag: 'MemorySimulator',
  id: 'memory',
  label: 'GPU memory simulator',
  placeholderHeightPx: 4440,
  narrowPlaceholderHeightPx: 6930,
  schema: memorySchema,
  load: () => import('./MemorySimulator'),
});
