import { defineWidget } from '../declare';

/** Async timing demo: how lessons and embeds place it (see ../declare.ts). */
export const asyncTimingWidget = defineWidget({
  tag: 'AsyncTiming',
  id: 'async-timing',
  label: 'Async timing demo',
  placeholderHeightPx: 2020,
  narrowPlaceholderHeightPx: 2890,
  loadSchema: () => import('./settings').then((m) => m.asyncTimingSchema),
  load: () => import('./AsyncTimingWidget'),
});
