import { defineWidget } from '../declare';
import { servingFace } from './face';

/** Serving simulator: how lessons and embeds place it (see ../declare.ts). */
export const servingWidget = defineWidget({
  ...servingFace,
  tag: 'Serving',
  placeholderHeightPx: 3110,
  narrowPlaceholderHeightPx: 5640,
  loadSchema: () => import('./settings').then((m) => m.servingSchema),
  load: () => import('./Serving'),
});
