import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const memorySnapshotFace = {
  id: 'memory-snapshot',
  label: 'Memory snapshot viewer',
  title: 'Open a real memory snapshot',
  className: 'memory-snapshot',
} as const satisfies WidgetFace;
