import { defineWidget } from '../declare';
import { explorerFace } from './face';

/** SM and core explorer: how lessons and embeds place it (see ../declare.ts). */
export const explorerWidget = defineWidget({
  ...explorerFace,
  tag: 'Explorer',
  placeholderHeightPx: 1600,
  narrowPlaceholderHeightPx: 2470,
  loadSchema: () => import('./settings').then((m) => m.explorerSchema),
  load: () => import('./ExplorerWidget'),
});
