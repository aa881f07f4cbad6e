/** The values the plot's two sliders step through: core counts, and parallel fractions. */
import { requireMaxCores, visibleReferences } from './model';

/**
 * The core counts the core slider steps through: every power of two up to `maxCores` plus the
 * visible reference counts, sorted and without repeats.
 */
export function coreCountStops(maxCores: number): number[] {
  requireMaxCores(maxCores);
  const stops = new Set<number>();
  for (let n = 1; n <= maxCores; n *= 2) stops.add(n);
  stops.add(maxCores);
  for (const ref of visibleReferences(maxCores)) stops.add(ref.coreCount);
  return [...stops].sort((a, b) => a - b);
}

/** Index of the stop closest to `coreCount` on a log scale (ties go to the lower stop). */
export function nearestStopIndex(stops: readonly number[], coreCount: number): number {
  let best = 0;
  let bestDistance = Infinity;
  stops.forEach((stop, i) => {
    const distance = Math.abs(Math.log2(stop) - Math.log2(coreCount));
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

/** Rounds a parallel fraction to the slider's resolution of 0.001. */
export function roundFraction(fraction: number): number {
  return Math.round(fraction * 1000) / 1000;
}

/**
 * The fractions the p slider steps through: 0 to 0.9 by 0.05, then 0.91 to 0.99 by 0.01, then
 * 0.991 to 0.999 by 0.001, so each extra "nine" gets as much slider travel as the one before.
 */
export function fractionStops(): number[] {
  const stops: number[] = [];
  for (let k = 0; k <= 18; k++) stops.push(roundFraction(k * 0.05));
  for (let k = 1; k <= 9; k++) stops.push(roundFraction(0.9 + k * 0.01));
  for (let k = 1; k <= 9; k++) stops.push(roundFraction(0.99 + k * 0.001));
  return stops;
}

/** Index of the stop closest to `fraction` (ties go to the lower stop). */
export function nearestFractionStopIndex(stops: readonly number[], fraction: number): number {
  let best = 0;
  stops.forEach((stop, i) => {
    if (Math.abs(stop - fraction) < Math.abs((stops[best] ?? 0) - fraction)) best = i;
  });
  return best;
}
