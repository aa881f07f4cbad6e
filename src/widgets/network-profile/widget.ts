import { defineWidget } from '../declare';
import { networkProfileFace } from './face';

/** Where the time goes: a network profile: how lessons and embeds place it (see ../declare.ts). */
export const networkProfileWidget = defineWidget({
  ...networkProfileFace,
  tag: 'NetworkProfile',
  placeholderHeightPx: 2520,
  narrowPlaceholderHeightPx: 5750,
  loadSchema: () => import('./settings').then((m) => m.networkProfileSchema),
  load: () => import('./NetworkProfile'),
});
