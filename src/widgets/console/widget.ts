import { defineWidget } from '../declare';
import { consoleFace } from './face';

/** PyTorch console: how lessons and embeds place it (see ../declare.ts). */
export const consoleWidget = defineWidget({
  ...consoleFace,
  tag: 'TorchConsole',
  placeholderHeightPx: 390,
  narrowPlaceholderHeightPx: 600,
  loadSchema: () => import('./settings').then((m) => m.consoleSchema),
  load: () => import('./TorchConsole'),
});
