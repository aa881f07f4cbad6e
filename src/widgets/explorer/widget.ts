import { defineWidget } from '../declare';
import { explorerSchema } from './settings';

/** SM and core explorer: how lessons and embeds place it (see ../declare.ts). */
export const explorerWidget = defineWidget({
  tag: 'Explorer',
  id: 'explorer',
  label: 'SM and core explorer',
  placeholderHeightPx: 1730,
  narrowPlaceholderHeightPx: 2460,
  schema: explorerSchema,
  load: () => import('./ExplorerWidget'),
});
