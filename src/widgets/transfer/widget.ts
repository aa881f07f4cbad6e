import { defineWidget } from '../declare';
import { transferSchema } from './settings';

/** Transfer simulator: how lessons and embeds place it (see ../declare.ts). */
export const transferWidget = defineWidget({
  tag: 'TransferSimulator',
  id: 'transfer',
  label: 'Transfer simulator',
  placeholderHeightPx: 2290,
  narrowPlaceholderHeightPx: 3300,
  schema: transferSchema,
  load: () => import('./TransferSimulator'),
});
