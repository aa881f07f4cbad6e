import { defineWidget } from '../declare';
import { consoleSchema } from './settings';

/** PyTorch console: how lessons and embeds place it (see ../declare.ts). */
export const consoleWidget = defineWidget({
  tag: 'TorchConsole',
  id: 'console',
  label: 'PyTorch console',
  placeholderHeightPx: 430,
  narrowPlaceholderHeightPx: 620,
  schema: consoleSchema,
  load: () => import('./TorchConsole'),
});
