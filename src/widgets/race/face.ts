import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const raceFace = {
  id: 'race',
  label: 'CPU vs GPU race',
  title: 'CPU vs GPU race',
} as const satisfies WidgetFace;
