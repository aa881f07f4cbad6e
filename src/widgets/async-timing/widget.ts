import { defineWidget } from '../declare';
import { asyncTimingFace } from './face';

/** Async timing demo: how lessons and embeds place it (see ../declare.ts). */
export const asyncTimingWidget = defineWidget({
  ...asyncTimingFace,
  tag: 'AsyncTiming',
  placeholderHeightPx: 1390,
  narrowPlaceholderHeightPx: 2890,
  loadSchema: () => import('./settings').then((m) => m.asyncTimingSchema),
  load: () => import('./AsyncTimingWidget'),
});
