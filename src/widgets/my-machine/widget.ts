import { defineWidget } from '../declare';

/** "My machine": the learner's calibration report as a catalog entry (see ../declare.ts). */
export const myMachineWidget = defineWidget({
  tag: 'MyMachine',
  id: 'my-machine',
  label: 'Your machine in the catalog',
  placeholderHeightPx: 360,
  narrowPlaceholderHeightPx: 520,
  loadSchema: () => import('./settings').then((m) => m.myMachineSchema),
  load: () => import('./MyMachine'),
});
