import { defineWidget } from '../declare';
import { specTableFace } from './face';

/** GPU spec comparison table: how lessons and embeds place it (see ../declare.ts). */
export const specTableWidget = defineWidget({
  ...specTableFace,
  tag: 'SpecTable',
  placeholderHeightPx: 2680,
  narrowPlaceholderHeightPx: 4540,
  loadSchema: () => import('./settings').then((m) => m.specTableSchema),
  load: () => import('./SpecTable'),
});
