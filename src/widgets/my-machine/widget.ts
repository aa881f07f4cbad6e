import { defineWidget } from '../declare';
import { myMachineFace } from './face';

/** "My machine": the learner's calibration report as a catalog entry (see ../declare.ts). */
export const myMachineWidget = defineWidget({
  ...myMachineFace,
  tag: 'MyMachine',
  placeholderHeightPx: 370,
  narrowPlaceholderHeightPx: 530,
  loadSchema: () => import('./settings').then((m) => m.myMachineSchema),
  load: () => import('./MyMachine'),
});
