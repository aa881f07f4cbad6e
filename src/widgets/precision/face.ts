import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const precisionFace = {
  id: 'precision',
  label: 'Precision explorer',
  title: 'Precision explorer',
  className: 'precision',
} as const satisfies WidgetFace;
