import { defineWidget } from '../declare';

/** Amdahl's law plot: how lessons and embeds place it (see ../declare.ts). */
export const amdahlWidget = defineWidget({
  tag: 'AmdahlPlot',
  id: 'amdahl',
  label: "Amdahl's law plot",
  placeholderHeightPx: 930,
  narrowPlaceholderHeightPx: 1010,
  loadSchema: () => import('./settings').then((m) => m.amdahlSchema),
  load: () => import('./AmdahlPlot'),
});
