/**
 * The engine's calibration: every published measurement it is judged against (single kernels
 * and transfers, collectives, whole networks), each with the engine's prediction of it.
 * `npm run -s calibration` prints the table; the calibration tests hold each case to its
 * tolerance.
 */
import type { CalibrationCase } from './case';
import { COLLECTIVE_CALIBRATION_CASES } from './collectives';
import { EAGER_CALIBRATION_CASES } from './eager';
import { KERNEL_CALIBRATION_CASES } from './kernels';
import { NETWORK_CALIBRATION_CASES } from './networks';
import { SERVING_CALIBRATION_CASES } from './serving';
import { TRAINING_CALIBRATION_CASES } from './parallel';

export { relativeError } from './case';
export { NETWORK_CALIBRATION_CASES } from './networks';
export { EAGER_CALIBRATION_CASES } from './eager';
export { SERVING_CALIBRATION_CASES } from './serving';
export { TRAINING_CALIBRATION_CASES } from './parallel';

/** Every calibration case: kernels, collectives, whole networks, then eager steps on an H200, then serving and training at scale. */
export const CALIBRATION_CASES: readonly CalibrationCase[] = [
  ...KERNEL_CALIBRATION_CASES,
  ...COLLECTIVE_CALIBRATION_CASES,
  ...NETWORK_CALIBRATION_CASES,
  ...EAGER_CALIBRATION_CASES,
  ...SERVING_CALIBRATION_CASES,
  ...TRAINING_CALIBRATION_CASES,
];
