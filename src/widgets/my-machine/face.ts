import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const myMachineFace = {
  id: 'my-machine',
  label: 'Your machine in the catalog',
  title: 'Your machine in the catalog',
  className: 'mm',
} as const satisfies WidgetFace;
