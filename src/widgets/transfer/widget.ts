import { defineWidget } from '../declare';
import { transferFace } from './face';

/** Transfer simulator: how lessons and embeds place it (see ../declare.ts). */
export const transferWidget = defineWidget({
  ...transferFace,
  tag: 'TransferSimulator',
  placeholderHeightPx: 2120,
  narrowPlaceholderHeightPx: 3290,
  loadSchema: () => import('./settings').then((m) => m.transferSchema),
  load: () => import('./TransferSimulator'),
});
