import { defineWidget } from '../declare';

/** Kernel lab: how lessons and embeds place it (see ../declare.ts). */
export const kernelLabWidget = defineWidget({
  tag: 'KernelLab',
  id: 'kernel-lab',
  label: 'Kernel lab',
  placeholderHeightPx: 990,
  narrowPlaceholderHeightPx: 1230,
  loadSchema: () => import('./settings').then((m) => m.kernelLabSchema),
  load: () => import('./KernelLabWidget'),
});
