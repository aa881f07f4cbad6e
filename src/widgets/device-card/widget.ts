import { defineWidget } from '../declare';

/** Your GPU: how lessons and embeds place it (see ../declare.ts). */
export const deviceCardWidget = defineWidget({
  tag: 'DeviceCard',
  id: 'device',
  label: 'Your GPU',
  placeholderHeightPx: 1560,
  narrowPlaceholderHeightPx: 2390,
  loadSchema: () => import('./settings').then((m) => m.deviceSchema),
  load: () => import('./DeviceCardWidget'),
});
