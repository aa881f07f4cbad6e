import { defineWidget } from '../declare';
import { crossoverSchema } from './settings';

/** Crossover plot: how lessons and embeds place it (see ../declare.ts). */
export const crossoverWidget = defineWidget({
  tag: 'Crossover',
  id: 'crossover',
  label: 'Crossover plot',
  placeholderHeightPx: 1660,
  narrowPlaceholderHeightPx: 2160,
  schema: crossoverSchema,
  load: () => import('./CrossoverWidget'),
});
