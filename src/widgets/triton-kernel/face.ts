import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const tritonKernelFace = {
  id: 'triton-kernel',
  label: 'Triton kernel',
  title: 'A Triton kernel, run here',
  className: 'tk-widget',
} as const satisfies WidgetFace;
