import { defineWidget } from '../declare';
import { kernelLabSchema } from './settings';

/** Kernel lab: how lessons and embeds place it (see ../declare.ts). */
export const kernelLabWidget = defineWidget({
  tag: 'KernelLab',
  id: 'kernel-lab',
  label: 'Kernel lab',
  placeholderHeightPx: 990,
  narrowPlaceholderHeightPx: 1230,
  schema: kernelLabSchema,
  load: () => import('./KernelLabWidget'),
});
