/**
 * The host and GPU lanes in words: the sentence that says who waits for whom, and the lines
 * that list each lane's time by phase (the drawing's text equivalent). Pure.
 */
import { formatPercent, formatSeconds } from '../../format/units';
import type { GpuPhase, LanePhase, StepLanes } from './lanes';

/** A phase as the lanes' legend and text name it. */
export const PHASE_LABELS: Readonly<Record<LanePhase, string>> = {
  forward: 'forward',
  backward: 'backward',
  optimizer: 'optimizer',
  fixed: 'fixed per step',
};

/** Who is doing the host's work, by execution mode, in sentences. */
const HOST_WHO: Readonly<Record<StepLanes['execution'], string>> = {
  eager: 'Python',
  compiled: 'the host',
  'cuda-graphs': 'the host',
  'reduce-overhead': 'the host',
};

/**
 * Who waits for whom: "The GPU waits for Python 73 % of this step: …" when the host is slower,
 * "The host keeps ahead: the GPU is busy 97 % of the step …" when the GPU is.
 */
export function idleSentence(lanes: StepLanes): string {
  const host = formatSeconds(lanes.hostSeconds);
  const gpu = formatSeconds(lanes.gpuSeconds);
  if (lanes.bound === 'host') {
    return `The GPU waits for ${HOST_WHO[lanes.execution]} ${formatPercent(lanes.gpuIdleShare)} of this step: the host needs ${host} to issue work the GPU runs in ${gpu}.`;
  }
  return `The host keeps ahead: the GPU is busy ${formatPercent(1 - lanes.gpuIdleShare)} of the step. The host needs ${host} to issue the ${gpu} of GPU work, then waits for it.`;
}

/** "forward 16.5 ms, backward 19.9 ms, …" for the phases with time in them. */
function phaseList<P extends string>(
  phases: readonly P[],
  seconds: Readonly<Record<P, number>>,
): string {
  const parts = phases
    .filter((p) => seconds[p] > 0)
    .map((p) => `${PHASE_LABELS[p as LanePhase]} ${formatSeconds(seconds[p])}`);
  return parts.join(', ');
}

/** The host lane in words. */
export function hostLaneText(lanes: StepLanes): string {
  const phases = phaseList(['forward', 'backward', 'optimizer', 'fixed'], lanes.hostPhaseSeconds);
  const wait =
    lanes.hostWaitSeconds > 0
      ? `; then it waits ${formatSeconds(lanes.hostWaitSeconds)} for the GPU`
      : '';
  return `busy ${formatSeconds(lanes.hostSeconds)} (${phases})${wait}.`;
}

/** The GPU lane in words. */
export function gpuLaneText(lanes: StepLanes): string {
  const phases = phaseList<GpuPhase>(['forward', 'backward', 'optimizer'], lanes.gpuPhaseSeconds);
  return `busy ${formatSeconds(lanes.gpuSeconds)} (${phases}); idle ${formatSeconds(lanes.gpuIdleSeconds)}, ${formatPercent(lanes.gpuIdleShare)} of the step.`;
}
