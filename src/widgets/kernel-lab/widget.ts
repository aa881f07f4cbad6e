import { defineWidget } from '../declare';
import { kernelLabFace } from './face';

/** Kernel lab: how lessons and embeds place it (see ../declare.ts). */
export const kernelLabWidget = defineWidget({
  ...kernelLabFace,
  tag: 'KernelLab',
  placeholderHeightPx: 950,
  narrowPlaceholderHeightPx: 1290,
  loadSchema: () => import('./settings').then((m) => m.kernelLabSchema),
  load: () => import('./KernelLabWidget'),
});
