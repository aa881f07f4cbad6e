import { defineWidget } from '../declare';
import { warpFace } from './face';

/** Warp view: how lessons and embeds place it (see ../declare.ts). */
export const warpWidget = defineWidget({
  ...warpFace,
  tag: 'WarpView',
  placeholderHeightPx: 2230,
  narrowPlaceholderHeightPx: 3090,
  loadSchema: () => import('./settings').then((m) => m.warpSchema),
  load: () => import('./WarpView'),
});
