import { defineWidget } from '../declare';

/** GPU spec comparison table: how lessons and embeds place it (see ../declare.ts). */
export const specTableWidget = defineWidget({
  tag: 'SpecTable',
  id: 'spec-table',
  label: 'GPU spec comparison table',
  placeholderHeightPx: 1990,
  narrowPlaceholderHeightPx: 3650,
  loadSchema: () => import('./settings').then((m) => m.specTableSchema),
  load: () => import('./SpecTable'),
});
