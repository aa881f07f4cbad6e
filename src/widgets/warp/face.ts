import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const warpFace = {
  id: 'warp',
  label: 'Warp view',
  title: 'What a warp does',
  className: 'warp',
} as const satisfies WidgetFace;
