import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const explorerFace = {
  id: 'explorer',
  label: 'SM and core explorer',
  title: 'Inside the GPU: SMs, cores and waves',
  className: 'explorer',
} as const satisfies WidgetFace;
