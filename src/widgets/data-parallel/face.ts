import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const dataParallelFace = {
  id: 'data-parallel',
  label: 'Data-parallel simulator',
  title: 'Data-parallel simulator',
  className: 'dp-sim',
} as const satisfies WidgetFace;
