import { defineWidget } from '../declare';
import { deviceCardFace } from './face';

/** Your GPU: how lessons and embeds place it (see ../declare.ts). */
export const deviceCardWidget = defineWidget({
  ...deviceCardFace,
  tag: 'DeviceCard',
  placeholderHeightPx: 1240,
  narrowPlaceholderHeightPx: 2940,
  loadSchema: () => import('./settings').then((m) => m.deviceSchema),
  load: () => import('./DeviceCardWidget'),
});
