import { defineWidget } from '../declare';

/** Warp view: how lessons and embeds place it (see ../declare.ts). */
export const warpWidget = defineWidget({
  tag: 'WarpView',
  id: 'warp',
  label: 'Warp view',
  placeholderHeightPx: 2400,
  narrowPlaceholderHeightPx: 3080,
  loadSchema: () => import('./settings').then((m) => m.warpSchema),
  load: () => import('./WarpView'),
});
