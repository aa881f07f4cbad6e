import { defineWidget } from '../declare';
import { amdahlFace } from './face';

/** Amdahl's law plot: how lessons and embeds place it (see ../declare.ts). */
export const amdahlWidget = defineWidget({
  ...amdahlFace,
  tag: 'AmdahlPlot',
  placeholderHeightPx: 930,
  narrowPlaceholderHeightPx: 1010,
  loadSchema: () => import('./settings').then((m) => m.amdahlSchema),
  load: () => import('./AmdahlPlot'),
});
