import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const specTableFace = {
  id: 'spec-table',
  label: 'GPU spec comparison table',
  className: 'spec-table',
} as const satisfies WidgetFace;
