import { defineWidget } from '../declare';
import { precisionSchema } from './settings';

/** Precision explorer: how lessons and embeds place it (see ../declare.ts). */
export const precisionWidget = defineWidget({
  tag: 'PrecisionExplorer',
  id: 'precision',
  label: 'Precision explorer',
  placeholderHeightPx: 1240,
  narrowPlaceholderHeightPx: 1970,
  schema: precisionSchema,
  load: () => import('./PrecisionExplorerWidget'),
});
