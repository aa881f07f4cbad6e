/**
 * The race's figures as its readings use them: what the measured lanes showed (start-up apart
 * from work), and two times compared in words, so every sentence about who won is computed from
 * the same numbers the lanes show. Pure.
 */
import { formatRatio, formatSeconds } from '../../format/units';
import { phaseSeconds } from './phases';
import type { AdapterFacts } from '../../gpu';
import type { LaneId, LaneView, MeasuredFigures } from './race-types';

/** Two times within this ratio of each other read as "about the same". */
export const SAME_TIME_RATIO = 1.05;

/** One side of a comparison: what ran, and how long it took. */
export interface TimedSide {
  /** As the sentence names it: "the NVIDIA A100 SXM 80 GB", "your GPU". */
  name: string;
  seconds: number;
}

/** Which of two sides finished sooner, and by what factor (≥ 1). */
export interface Comparison {
  winner: 'first' | 'second' | 'tie';
  ratio: number;
}

/** Compares two positive times; a ratio under SAME_TIME_RATIO is a tie. */
export function compareTimes(first: number, second: number): Comparison {
  const ratio = Math.max(first, second) / Math.min(first, second);
  if (!(ratio >= SAME_TIME_RATIO))
    return { winner: 'tie', ratio: Number.isFinite(ratio) ? ratio : 1 };
  return { winner: first < second ? 'first' : 'second', ratio };
}

/**
 * "the A finishes 1.34× sooner than the B (7.61 µs against 10.2 µs)", or "the A and the B
 * take about the same time (7.61 µs and 7.7 µs)".
 */
export function soonerText(first: TimedSide, second: TimedSide): string {
  const c = compareTimes(first.seconds, second.seconds);
  if (c.winner === 'tie') {
    return `${first.name} and ${second.name} take about the same time (${formatSeconds(first.seconds)} and ${formatSeconds(second.seconds)})`;
  }
  const [win, lose] = c.winner === 'first' ? [first, second] : [second, first];
  return `${win.name} finishes ${formatRatio(c.ratio)} sooner than ${lose.name} (${formatSeconds(win.seconds)} against ${formatSeconds(lose.seconds)})`;
}

/** A lane's finished timed work, or null when it did not finish with a positive time. */
function workOf(lane: LaneView): number | null {
  if (lane.state !== 'done' || lane.seconds === null || !(lane.seconds > 0)) return null;
  return lane.seconds;
}

/** A finished measured lane's start-up, or null when it has none. */
function startupOf(lane: LaneView): number | null {
  if (lane.state !== 'done' || !lane.phases.some((p) => p.kind === 'startup')) return null;
  return phaseSeconds(lane.phases, 'startup');
}

/** What else the measured lanes' readings need besides the lanes themselves. */
export interface MeasuredContext {
  workers: number;
  freshWorkers: number;
  adapter: AdapterFacts | null;
  gpuUnavailable: string | null;
}

/** The measured figures of a race, read off its lanes. */
export function measuredFigures(
  lanes: Record<LaneId, LaneView>,
  context: MeasuredContext,
): MeasuredFigures {
  const cpu = lanes['cpu-measured'];
  const gpu = lanes['gpu-measured'];
  return {
    workers: context.workers,
    cpuWorkSeconds: workOf(cpu),
    cpuStartupSeconds: startupOf(cpu),
    freshWorkers: context.freshWorkers,
    gpuWorkSeconds: workOf(gpu),
    gpuSetupSeconds: startupOf(gpu),
    gpuIsFallback: context.adapter?.isFallback ?? false,
    gpuVerified: gpu.verified,
    gpuUnavailable: context.gpuUnavailable,
  };
}
