import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const memoryFace = {
  id: 'memory',
  label: 'GPU memory simulator',
  title: 'GPU memory simulator',
  className: 'memory-sim',
} as const satisfies WidgetFace;
