import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const servingFace = {
  id: 'serving',
  label: 'Serving simulator',
  title: 'Serving simulator',
  className: 'sv-sim',
} as const satisfies WidgetFace;
