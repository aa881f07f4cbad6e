import { defineWidget } from '../declare';

/** Data-parallel simulator: how lessons and embeds place it (see ../declare.ts). */
export const dataParallelWidget = defineWidget({
  tag: 'DataParallel',
  id: 'data-parallel',
  label: 'Data-parallel simulator',
  placeholderHeightPx: 2870,
  narrowPlaceholderHeightPx: 4100,
  loadSchema: () => import('./settings').then((m) => m.dataParallelSchema),
  load: () => import('./DataParallel'),
});
