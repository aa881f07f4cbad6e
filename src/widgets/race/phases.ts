/**
 * The parts of each lane's time, as the lanes draw them: a measured lane's one-time start-up
 * (outside the comparison) beside its timed work, and a modeled lane's fixed cost inside its
 * predicted time. Pure.
 */
import type { CpuLaneRun, LanePhase, ModeledRun, PhaseKind } from './race-types';

/** The measured CPU lane: worker start-up (spawned → ready), then the timed work. */
export function cpuLanePhases(run: CpuLaneRun): LanePhase[] {
  const { spawned, ready } = run.timeline;
  return [
    {
      kind: 'startup',
      label: run.freshWorkers > 0 ? 'Worker start-up' : 'Worker check-in (already running)',
      seconds: Math.max(0, ready - spawned),
    },
    { kind: 'work', label: 'Timed work', seconds: run.seconds },
  ];
}

/** The measured GPU lane: its untimed set-up (device, pipeline, buffers), then the timed run. */
export function gpuLanePhases(setupSeconds: number, workSeconds: number): LanePhase[] {
  return [
    { kind: 'startup', label: 'GPU set-up', seconds: Math.max(0, setupSeconds) },
    { kind: 'work', label: 'Timed work', seconds: workSeconds },
  ];
}

/** A modeled lane: the fixed cost of starting the job, then the rest of its predicted time. */
export function modeledLanePhases(model: ModeledRun, processor: 'cpu' | 'gpu'): LanePhase[] {
  const fixed = Math.min(model.seconds, Math.max(0, model.fixedSeconds));
  return [
    {
      kind: 'fixed',
      label: processor === 'gpu' ? 'Kernel launch (fixed)' : 'Waking threads (fixed)',
      seconds: fixed,
    },
    { kind: 'work', label: 'Work', seconds: model.seconds - fixed },
  ];
}

/** Seconds of the phases of one kind (0 when there are none). */
export function phaseSeconds(phases: readonly LanePhase[], kind: PhaseKind): number {
  return phases.filter((p) => p.kind === kind).reduce((sum, p) => sum + p.seconds, 0);
}

/** Seconds of all the phases together: for a measured lane, start-up and work in all. */
export function totalSeconds(phases: readonly LanePhase[]): number {
  return phases.reduce((sum, p) => sum + p.seconds, 0);
}

/** Each phase's share of the lane's whole time (0..1), for drawing; all 0 for an empty lane. */
export function phaseShares(phases: readonly LanePhase[]): number[] {
  const total = totalSeconds(phases);
  return phases.map((p) => (total > 0 ? p.seconds / total : 0));
}
