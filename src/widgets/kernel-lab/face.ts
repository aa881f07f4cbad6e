import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const kernelLabFace = {
  id: 'kernel-lab',
  label: 'Kernel lab',
  title: 'Kernel lab',
  className: 'kl',
} as const satisfies WidgetFace;
