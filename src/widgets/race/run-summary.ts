import { formatRatio, formatSeconds } from '../../format/units';
import type { LaneId, LaneView } from './race-types';

/** A measured lane's time when it finished with a positive time, else null. */
function finishedSeconds(lane: LaneView): number | null {
  return lane.state === 'done' && lane.seconds !== null && lane.seconds > 0 ? lane.seconds : null;
}

/**
 * One line on a finished race, from the two measured lanes: "GPU 3.1× faster than 8 CPU
 * workers" or "8 CPU workers 2× faster than the GPU"; when the GPU lane did not finish, the CPU
 * time alone. Pure; the modeled lanes are left out since the line reports what was measured.
 */
export function raceRunSummary(lanes: Record<LaneId, LaneView>): string {
  const cpu = lanes['cpu-measured'];
  const workers = cpu.units.length;
  const who = `${workers} CPU worker${workers === 1 ? '' : 's'}`;
  const cpuSeconds = finishedSeconds(cpu);
  const gpuSeconds = finishedSeconds(lanes['gpu-measured']);
  if (cpuSeconds === null && gpuSeconds === null) return 'Race finished without a measured time';
  if (gpuSeconds === null) return `${who} took ${formatSeconds(cpuSeconds!)}; no GPU time measured`;
  if (cpuSeconds === null) return `GPU took ${formatSeconds(gpuSeconds)}; no CPU time measured`;
  const ratio = cpuSeconds / gpuSeconds;
  return ratio >= 1
    ? `GPU ${formatRatio(ratio)} faster than ${who}`
    : `${who} ${formatRatio(1 / ratio)} faster than the GPU`;
}
