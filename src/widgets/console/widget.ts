import { defineWidget } from '../declare';

/** PyTorch console: how lessons and embeds place it (see ../declare.ts). */
export const consoleWidget = defineWidget({
  tag: 'TorchConsole',
  id: 'console',
  label: 'PyTorch console',
  placeholderHeightPx: 430,
  narrowPlaceholderHeightPx: 620,
  loadSchema: () => import('./settings').then((m) => m.consoleSchema),
  load: () => import('./TorchConsole'),
});
