import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const consoleFace = {
  id: 'console',
  label: 'PyTorch console',
  title: 'PyTorch console',
  className: 'torch-console',
} as const satisfies WidgetFace;
