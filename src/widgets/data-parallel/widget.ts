import { defineWidget } from '../declare';
import { dataParallelFace } from './face';

/** Data-parallel simulator: how lessons and embeds place it (see ../declare.ts). */
export const dataParallelWidget = defineWidget({
  ...dataParallelFace,
  tag: 'DataParallel',
  placeholderHeightPx: 2870,
  narrowPlaceholderHeightPx: 4100,
  loadSchema: () => import('./settings').then((m) => m.dataParallelSchema),
  load: () => import('./DataParallel'),
});
