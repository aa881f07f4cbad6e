import { defineWidget } from '../declare';
import { precisionFace } from './face';

/** Precision explorer: how lessons and embeds place it (see ../declare.ts). */
export const precisionWidget = defineWidget({
  ...precisionFace,
  tag: 'PrecisionExplorer',
  placeholderHeightPx: 1030,
  narrowPlaceholderHeightPx: 1990,
  loadSchema: () => import('./settings').then((m) => m.precisionSchema),
  load: () => import('./PrecisionExplorerWidget'),
});
