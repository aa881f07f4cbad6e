import { defineWidget } from '../declare';
import { crossoverFace } from './face';

/** Crossover plot: how lessons and embeds place it (see ../declare.ts). */
export const crossoverWidget = defineWidget({
  ...crossoverFace,
  tag: 'Crossover',
  placeholderHeightPx: 1660,
  narrowPlaceholderHeightPx: 2160,
  loadSchema: () => import('./settings').then((m) => m.crossoverSchema),
  load: () => import('./CrossoverWidget'),
});
