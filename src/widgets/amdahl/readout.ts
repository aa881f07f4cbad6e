/**
 * The Amdahl plot's words: numbers formatted for people, the readout sentence under the plot and
 * the description of the plot for screen readers.
 */
import { amdahlLimit } from '../../engine/models';
import { formatCount } from '../../format/units';
import { readSpeedup } from './model';

const threeDigits = new Intl.NumberFormat('en-US', {
  minimumSignificantDigits: 3,
  maximumSignificantDigits: 3,
});
const upToThreeDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });
const fractionFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** Rounds to three significant digits, as the readout shows numbers. */
function toThreeDigits(value: number): number {
  return Number(value.toPrecision(3));
}

/** A speedup to three significant digits, without the × sign: 19.9, 2.00, 944, 1,000. */
export function formatSpeedup(speedup: number): string {
  return threeDigits.format(speedup);
}

/** A ceiling to at most three significant digits, trailing zeros dropped: 20, 2, 1,000, 1.14. */
export function formatCeiling(limitSpeedup: number): string {
  return upToThreeDigits.format(limitSpeedup);
}

/** A parallel fraction with at most three decimals: 0.5, 0.95, 0.999, 0. */
export function formatFraction(fraction: number): string {
  return fractionFormat.format(fraction);
}

/** "1 core" or "6,912 cores". */
export function formatCoresPhrase(coreCount: number): string {
  const text = formatCount(coreCount);
  return text === '1' ? '1 core' : `${text} cores`;
}

/**
 * The sentence under the plot, e.g. "With p = 0.95 and 6,912 cores the speedup is 19.9×, just
 * under the 20× ceiling." The ending says how close the speedup is to its ceiling.
 */
export function readoutSentence(fraction: number, coreCount: number): string {
  const reading = readSpeedup(fraction, coreCount);
  const opening = `With p = ${formatFraction(fraction)} and ${formatCoresPhrase(coreCount)} the speedup is ${formatSpeedup(reading.speedup)}×`;
  const ceiling = `${formatCeiling(reading.limitSpeedup)}× ceiling`;
  if (fraction === 0) {
    return `${opening}: nothing runs in parallel, so extra cores add nothing.`;
  }
  if (coreCount <= 1) {
    return `${opening}: one core is the baseline every speedup is measured against.`;
  }
  if (toThreeDigits(reading.speedup) >= toThreeDigits(reading.limitSpeedup)) {
    return `${opening}, practically at the ${ceiling}; more cores cannot help.`;
  }
  if (reading.shareOfLimit >= 0.95) return `${opening}, just under the ${ceiling}.`;
  if (reading.shareOfLimit >= 0.5) {
    return `${opening}, ${Math.round(reading.shareOfLimit * 100)}% of the way to the ${ceiling}.`;
  }
  return `${opening}, far below the ${ceiling}, so more cores still pay off.`;
}

/** A text description of the plot for its SVG `<desc>`, naming the curves and their ceilings. */
export function plotDescription(fractions: readonly number[], markerCoreCount: number): string {
  const curves = fractions
    .map((p) => `p = ${formatFraction(p)} (ceiling ${formatCeiling(amdahlLimit(p))}×)`)
    .join(', ');
  return (
    `Speedup against number of cores, both on log scales, for ${curves}. ` +
    `Every curve starts at 1× on one core and flattens toward its ceiling. ` +
    `A marker stands at ${formatCoresPhrase(markerCoreCount)}; the table after the plot lists the values.`
  );
}
