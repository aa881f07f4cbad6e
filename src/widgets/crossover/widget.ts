import { defineWidget } from '../declare';

/** Crossover plot: how lessons and embeds place it (see ../declare.ts). */
export const crossoverWidget = defineWidget({
  tag: 'Crossover',
  id: 'crossover',
  label: 'Crossover plot',
  placeholderHeightPx: 1660,
  narrowPlaceholderHeightPx: 2160,
  loadSchema: () => import('./settings').then((m) => m.crossoverSchema),
  load: () => import('./CrossoverWidget'),
});
