import { defineWidget } from '../declare';

/** Transfer simulator: how lessons and embeds place it (see ../declare.ts). */
export const transferWidget = defineWidget({
  tag: 'TransferSimulator',
  id: 'transfer',
  label: 'Transfer simulator',
  placeholderHeightPx: 2290,
  narrowPlaceholderHeightPx: 3300,
  loadSchema: () => import('./settings').then((m) => m.transferSchema),
  load: () => import('./TransferSimulator'),
});
