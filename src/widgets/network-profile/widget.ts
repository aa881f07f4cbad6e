import { defineWidget } from '../declare';

/** Where the time goes: a network profile: how lessons and embeds place it (see ../declare.ts). */
export const networkProfileWidget = defineWidget({
  tag: 'NetworkProfile',
  id: 'network-profile',
  label: 'Where the time goes: a network profile',
  placeholderHeightPx: 2840,
  narrowPlaceholderHeightPx: 3960,
  loadSchema: () => import('./settings').then((m) => m.networkProfileSchema),
  load: () => import('./NetworkProfile'),
});
