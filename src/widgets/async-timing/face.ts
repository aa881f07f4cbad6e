import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const asyncTimingFace = {
  id: 'async-timing',
  label: 'Async timing demo',
  title: 'Three clocks, one kernel',
  className: 'at',
} as const satisfies WidgetFace;
