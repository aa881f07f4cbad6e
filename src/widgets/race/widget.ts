import { defineWidget } from '../declare';

/** CPU vs GPU race: how lessons and embeds place it (see ../declare.ts). */
export const raceWidget = defineWidget({
  tag: 'Race',
  id: 'race',
  label: 'CPU vs GPU race',
  placeholderHeightPx: 1000,
  narrowPlaceholderHeightPx: 1520,
  loadSchema: () => import('./settings').then((m) => m.raceSchema),
  load: () => import('./RaceWidget'),
});
