import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const traceFace = {
  id: 'trace',
  label: 'Profiler trace reader',
  title: 'Open a real profiler trace',
  className: 'trace-reader',
} as const satisfies WidgetFace;
