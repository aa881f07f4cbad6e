import { defineWidget } from '../declare';
import { amdahlFace } from './face';

/** Amdahl's law plot: how lessons and embeds place it (see ../declare.ts). */
export const amdahlWidget = defineWidget({
  ...amdahlFace,
  tag: 'AmdahlPlot',
  placeholderHeightPx: 860,
  narrowPlaceholderHeightPx: 1060,
  loadSchema: () => import('./settings').then((m) => m.amdahlSchema),
  load: () => import('./AmdahlPlot'),
});
