import { defineWidget } from '../declare';
import { raceFace } from './face';

/** CPU vs GPU race: how lessons and embeds place it (see ../declare.ts). */
export const raceWidget = defineWidget({
  ...raceFace,
  tag: 'Race',
  placeholderHeightPx: 960,
  narrowPlaceholderHeightPx: 1660,
  loadSchema: () => import('./settings').then((m) => m.raceSchema),
  load: () => import('./RaceWidget'),
});
