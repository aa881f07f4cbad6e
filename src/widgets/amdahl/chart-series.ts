/** The Amdahl plot's curves as the chart draws them: the lesson's fractions, then the learner's. Pure. */
import type { AmdahlCurve, ChartSeries } from './model';
import { formatFraction } from './readout';

/** Number of distinct series styles in amdahl.css. */
export const SERIES_STYLE_COUNT = 5;

/**
 * One series per lesson curve, styled in turn, then the learner's own curve; its ceiling label is
 * left to the lesson curve with the same fraction, when there is one.
 */
export function chartSeries(
  lessonCurves: readonly AmdahlCurve[],
  yourCurve: AmdahlCurve,
): ChartSeries[] {
  const yourFraction = yourCurve.fraction;
  return [
    ...lessonCurves.map((curve, i): ChartSeries => ({
      key: `p-${curve.fraction}`,
      curve,
      className: `amdahl-s${i % SERIES_STYLE_COUNT}`,
      label: `p = ${formatFraction(curve.fraction)}`,
      shortLabel: `p = ${formatFraction(curve.fraction)}`,
      kind: 'default',
      showCeilingLabel: true,
    })),
    {
      key: 'yours',
      curve: yourCurve,
      className: 'amdahl-you',
      label: `your p = ${formatFraction(yourFraction)}`,
      shortLabel: `you: ${formatFraction(yourFraction)}`,
      kind: 'yours',
      showCeilingLabel: !lessonCurves.some((c) => c.fraction === yourFraction),
    },
  ];
}
