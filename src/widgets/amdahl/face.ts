import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const amdahlFace = {
  id: 'amdahl',
  label: "Amdahl's law plot",
  title: "Amdahl's law: speedup against cores",
  className: 'amdahl',
} as const satisfies WidgetFace;
