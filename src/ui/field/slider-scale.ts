/**
 * Where a value sits on a slider over a number field's range: evenly (linear), or by equal
 * ratios (log: a slider of 1,000 stops from the minimum to the maximum, so 1, 32 and 1,024 are
 * evenly spaced). Pure.
 */
import type { FieldScale } from '../../state/schema';

/** A slider's own range and the mapping between its positions and the field's values. */
export interface SliderScale {
  min: number;
  max: number;
  step: number;
  /** The slider position of a value. */
  toSlider(value: number): number;
  /** The value at a slider position, rounded to a whole number on a log scale. */
  fromSlider(position: number): number;
}

/** Stops of a log slider. */
export const LOG_STOPS = 1000;

/** The slider for values from `min` to `max` on `scale` (a log scale needs min > 0). */
export function sliderScale(
  limits: { min: number; max: number; step?: number },
  scale: FieldScale = 'linear',
): SliderScale {
  const { min, max } = limits;
  if (scale === 'linear') {
    return {
      min,
      max,
      step: limits.step ?? 1,
      toSlider: (value) => value,
      fromSlider: (position) => position,
    };
  }
  const span = Math.log(max / min);
  return {
    min: 0,
    max: LOG_STOPS,
    step: 1,
    toSlider: (value) => (span === 0 ? 0 : Math.round((Math.log(value / min) / span) * LOG_STOPS)),
    fromSlider: (position) => Math.round(min * Math.exp((position / LOG_STOPS) * span)),
  };
}
