import { defineWidget } from '../declare';
import { tritonKernelFace } from './face';

/** Triton kernel (three ways, and an autotune): how lessons and embeds place it (see ../declare.ts). */
export const tritonKernelWidget = defineWidget({
  ...tritonKernelFace,
  tag: 'TritonKernel',
  placeholderHeightPx: 1400,
  narrowPlaceholderHeightPx: 2600,
  loadSchema: () => import('./settings').then((m) => m.tritonKernelSchema),
  load: () => import('./TritonKernel'),
});
