import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const networkProfileFace = {
  id: 'network-profile',
  label: "Where the time goes: a network's profile",
  title: 'Where the time goes',
  className: 'network-profile',
} as const satisfies WidgetFace;
