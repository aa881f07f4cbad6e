import { defineWidget } from '../declare';
import { precisionFace } from './face';

/** Precision explorer: how lessons and embeds place it (see ../declare.ts). */
export const precisionWidget = defineWidget({
  ...precisionFace,
  tag: 'PrecisionExplorer',
  placeholderHeightPx: 1240,
  narrowPlaceholderHeightPx: 1970,
  loadSchema: () => import('./settings').then((m) => m.precisionSchema),
  load: () => import('./PrecisionExplorerWidget'),
});
