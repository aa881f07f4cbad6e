/**
 * How a modeled lane plays back the cost engine's prediction: the length of the animation (real
 * time when it can be watched, stretched otherwise), the share of units busy in the last wave,
 * and the note that says what was predicted and how much the bar was slowed. Pure.
 */
import { formatSeconds } from '../../format/units';
import { modeledPlayback } from './lanes';
import { type LaneId } from './race-types';
import type { ModeledRun } from './race-types';

/** One modeled lane being played back. */
export interface LanePlayback {
  id: LaneId;
  /** Clock time the playback started, in seconds. */
  start: number;
  playbackSeconds: number;
  waves: number;
  /** Share of the parallel units the last wave keeps busy. */
  lastWaveShare: number;
}

/** The playback of `model` for `tasks` tasks started at `start`, and the lane's note. */
export function planPlayback(
  id: LaneId,
  model: ModeledRun,
  tasks: number,
  start: number,
): { playback: LanePlayback; note: string } {
  const lastWaveTasks = tasks - (model.waves - 1) * model.parallelUnits;
  const lastWaveShare = model.parallelUnits > 0 ? lastWaveTasks / model.parallelUnits : 1;
  const { playbackSeconds, slowdown } = modeledPlayback(model.seconds);
  const waves = `${model.waves.toLocaleString('en-US')} wave${model.waves === 1 ? '' : 's'}`;
  const units = `${model.parallelUnits.toLocaleString('en-US')} parallel units`;
  const slowed =
    slowdown > 1
      ? `; the bar is slowed down ${Math.round(slowdown).toLocaleString('en-US')}× so you can see it.`
      : '.';
  return {
    playback: { id, start, playbackSeconds, waves: model.waves, lastWaveShare },
    note: `Predicted ${formatSeconds(model.seconds)} (${waves} over ${units})${slowed}`,
  };
}
