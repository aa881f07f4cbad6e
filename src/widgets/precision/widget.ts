import { defineWidget } from '../declare';

/** Precision explorer: how lessons and embeds place it (see ../declare.ts). */
export const precisionWidget = defineWidget({
  tag: 'PrecisionExplorer',
  id: 'precision',
  label: 'Precision explorer',
  placeholderHeightPx: 1240,
  narrowPlaceholderHeightPx: 1970,
  loadSchema: () => import('./settings').then((m) => m.precisionSchema),
  load: () => import('./PrecisionExplorerWidget'),
});
