/** The shape of a calibration case: one published measurement and the engine's prediction of it. */

/** One measured result and the engine's prediction of it. */
export interface CalibrationCase {
  id: string;
  /** What was measured, in words. */
  what: string;
  /** The measured value, in `unit`. */
  measured: number;
  unit: 'TFLOP/s' | 'GB/s' | 'us' | 'ms' | 'B/param' | 'GB' | 'tok/s';
  source: string;
  /** Largest accepted |predicted - measured| / measured. */
  tolerance: number;
  /** True when the measurement was used to set a catalog fraction; false for a held-out check. */
  usedForFitting: boolean;
  /** The engine's prediction of the measured quantity, in `unit`. */
  predict: () => number;
}

/** |predicted - measured| / measured for one case. */
export function relativeError(calibrationCase: CalibrationCase): number {
  return Math.abs(calibrationCase.predict() - calibrationCase.measured) / calibrationCase.measured;
}
