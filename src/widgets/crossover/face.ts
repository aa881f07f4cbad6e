import type { WidgetFace } from '../../ui/frame/WidgetRoot';

/** Who the widget is: its id, name, title and root class, for its declaration and its root. */
export const crossoverFace = {
  id: 'crossover',
  label: 'Crossover plot',
  title: 'Crossover: when does the GPU start to win?',
  className: 'xo',
} as const satisfies WidgetFace;
