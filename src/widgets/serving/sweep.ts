/**
 * The concurrency sweep's points and its knee. The sweep runs from one client to the most
 * requests that fit at once, about 64 points spaced evenly on a log scale (every whole number
 * when fewer fit). The knee is where adding clients stops buying throughput: the smallest swept
 * concurrency whose throughput reaches `KNEE_SHARE` (90 %) of the plateau, the highest
 * throughput of the sweep. Past it, more clients mostly add latency. Pure.
 */
import type { SweepPoint } from '../../engine/models';

/** Points the sweep aims for. */
export const SWEEP_POINTS = 64;

/** Share of the plateau throughput that marks the knee. */
export const KNEE_SHARE = 0.9;

/**
 * Whole concurrencies from 1 to `max`: every one when `points` or fewer, else `points` of them
 * spaced as evenly on a log scale as whole numbers allow (small ones crowd together, so more
 * log steps are taken until `points` distinct values come out).
 */
export function sweepConcurrencies(max: number, points = SWEEP_POINTS): number[] {
  const top = Math.max(1, Math.floor(max));
  if (top <= points) return Array.from({ length: top }, (_, i) => i + 1);
  let values = new Set<number>();
  for (let steps = points; steps <= 4 * points && values.size < points; steps += 1) {
    values = new Set([1, top]);
    for (let i = 1; i < steps - 1; i += 1) {
      values.add(Math.round(Math.exp((Math.log(top) * i) / (steps - 1))));
    }
  }
  return [...values].sort((a, b) => a - b);
}

/** The knee of a sweep: where it is, and the plateau it is measured against. */
export interface Knee {
  concurrency: number;
  outputTokensPerSecond: number;
  /** The sweep's highest throughput. */
  plateauTokensPerSecond: number;
  /** The concurrency the plateau was reached at. */
  plateauConcurrency: number;
}

/**
 * The smallest concurrency whose throughput reaches `share` of the sweep's highest; null for an
 * empty sweep (a model that does not fit).
 */
export function kneeOf(sweep: readonly SweepPoint[], share = KNEE_SHARE): Knee | null {
  let best: SweepPoint | null = null;
  for (const point of sweep) {
    if (best === null || point.outputTokensPerSecond > best.outputTokensPerSecond) best = point;
  }
  if (best === null || !(best.outputTokensPerSecond > 0)) return null;
  const plateau = best.outputTokensPerSecond;
  const ordered = [...sweep].sort((a, b) => a.concurrency - b.concurrency);
  const knee = ordered.find((p) => p.outputTokensPerSecond >= share * plateau) ?? best;
  return {
    concurrency: knee.concurrency,
    outputTokensPerSecond: knee.outputTokensPerSecond,
    plateauTokensPerSecond: plateau,
    plateauConcurrency: best.concurrency,
  };
}
