import { defineWidget } from '../declare';
import { specTableSchema } from './settings';

/** GPU spec comparison table: how lessons and embeds place it (see ../declare.ts). */
export const specTableWidget = defineWidget({
  tag: 'SpecTable',
  id: 'spec-table',
  label: 'GPU spec comparison table',
  placeholderHeightPx: 1990,
  narrowPlaceholderHeightPx: 3650,
  schema: specTableSchema,
  load: () => import('./SpecTable'),
});
