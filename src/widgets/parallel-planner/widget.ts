import { defineWidget } from '../declare';
import { parallelPlannerFace } from './face';

/** Parallel layout planner: how lessons and embeds place it (see ../declare.ts). */
export const parallelPlannerWidget = defineWidget({
  ...parallelPlannerFace,
  tag: 'ParallelPlanner',
  placeholderHeightPx: 3120,
  narrowPlaceholderHeightPx: 6870,
  loadSchema: () => import('./settings').then((m) => m.parallelPlannerSchema),
  load: () => import('./ParallelPlanner'),
});
