import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const deviceCardFace = {
  id: 'device',
  label: 'Your GPU',
  title: 'Your GPU, as WebGPU reports it',
  className: 'dc',
} as const satisfies WidgetFace;
