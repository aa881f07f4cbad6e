import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const parallelPlannerFace = {
  id: 'parallel-planner',
  label: 'Parallel layout planner',
  title: 'Parallel layout planner',
  className: 'pp-sim',
} as const satisfies WidgetFace;
