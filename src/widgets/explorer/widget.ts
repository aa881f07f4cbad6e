import { defineWidget } from '../declare';

/** SM and core explorer: how lessons and embeds place it (see ../declare.ts). */
export const explorerWidget = defineWidget({
  tag: 'Explorer',
  id: 'explorer',
  label: 'SM and core explorer',
  placeholderHeightPx: 1730,
  narrowPlaceholderHeightPx: 2460,
  loadSchema: () => import('./settings').then((m) => m.explorerSchema),
  load: () => import('./ExplorerWidget'),
});
