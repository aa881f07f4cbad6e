import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const transferFace = {
  id: 'transfer',
  label: 'Transfer simulator',
  title: 'Transfer simulator',
  className: 'transfer-simulator',
} as const satisfies WidgetFace;
