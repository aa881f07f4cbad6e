import { defineWidget } from '../declare';
import { deviceSchema } from './settings';

/** Your GPU: how lessons and embeds place it (see ../declare.ts). */
export const deviceCardWidget = defineWidget({
  tag: 'DeviceCard',
  id: 'device',
  label: 'Your GPU',
  placeholderHeightPx: 1560,
  narrowPlaceholderHeightPx: 2390,
  schema: deviceSchema,
  load: () => import('./DeviceCardWidget'),
});
