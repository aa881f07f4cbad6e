import { defineWidget } from '../declare';
import { crossoverFace } from './face';

/** Crossover plot: how lessons and embeds place it (see ../declare.ts). */
export const crossoverWidget = defineWidget({
  ...crossoverFace,
  tag: 'Crossover',
  placeholderHeightPx: 1500,
  narrowPlaceholderHeightPx: 3110,
  loadSchema: () => import('./settings').then((m) => m.crossoverSchema),
  load: () => import('./CrossoverWidget'),
});
