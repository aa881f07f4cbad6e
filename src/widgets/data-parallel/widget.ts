import { defineWidget } from '../declare';
import { dataParallelFace } from './face';

/** Data-parallel simulator: how lessons and embeds place it (see ../declare.ts). */
export const dataParallelWidget = defineWidget({
  ...dataParallelFace,
  tag: 'DataParallel',
  placeholderHeightPx: 3170,
  narrowPlaceholderHeightPx: 5410,
  loadSchema: () => import('./settings').then((m) => m.dataParallelSchema),
  load: () => import('./DataParallel'),
});
