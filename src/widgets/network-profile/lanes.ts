/**
 * A step as two lanes on one time axis: the host (Python and the dispatcher) issuing forward,
 * backward, the optimizer and the step's fixed costs one after another, and the GPU running what
 * the host has issued. The GPU cannot start a phase's kernels before the host issues the first of
 * them, nor finish before the host issues the last; when the host is the slower side, the GPU's
 * busy time in a phase is spread over the host's time for it, in short bursts with idle gaps
 * between (the white gaps of a profiler trace). Every figure is the engine's; only the placement
 * on the axis is worked out here, always within the engine's step time. Pure.
 */
import type { StepPrediction } from '../../engine/models';

/** A phase of a step as the lanes show it. */
export type LanePhase = 'forward' | 'backward' | 'optimizer' | 'fixed';

/** Every phase, in the order the host runs them. */
export const LANE_PHASES: readonly LanePhase[] = ['forward', 'backward', 'optimizer', 'fixed'];

/** The phases that run kernels on the GPU. */
export type GpuPhase = Exclude<LanePhase, 'fixed'>;

/** One stretch of the host lane. */
export interface HostSegment {
  phase: LanePhase;
  startSeconds: number;
  seconds: number;
}

/** Where one phase's GPU work lies: `busySeconds` of work spread over `windowSeconds`. */
export interface GpuWindow {
  phase: GpuPhase;
  startSeconds: number;
  windowSeconds: number;
  busySeconds: number;
}

/** A stretch of busy time inside a window. */
export interface Burst {
  startSeconds: number;
  seconds: number;
}

/** Both lanes of one step. */
export interface StepLanes {
  /** The axis: the engine's step time. */
  stepSeconds: number;
  hostSeconds: number;
  gpuSeconds: number;
  /** The host's phases, one after another from 0 (zero-length phases left out). */
  host: HostSegment[];
  /** Host seconds per phase (zero ones included). */
  hostPhaseSeconds: Record<LanePhase, number>;
  /** Seconds the host waits for the GPU at the end of the step (0 when the host is slower). */
  hostWaitSeconds: number;
  /** The GPU's phases (zero-length ones left out); the rest of the axis is idle. */
  gpu: GpuWindow[];
  /** GPU seconds per phase (zero ones included; recompute counts as backward). */
  gpuPhaseSeconds: Record<GpuPhase, number>;
  /** Seconds and share of the step the GPU sits idle (the engine's share). */
  gpuIdleSeconds: number;
  gpuIdleShare: number;
  /** Which side sets the pace. */
  bound: 'host' | 'gpu';
  execution: StepPrediction['execution'];
}

/** The host's phases laid end to end from 0. */
function hostSegments(seconds: Record<LanePhase, number>): HostSegment[] {
  const segments: HostSegment[] = [];
  let start = 0;
  for (const phase of LANE_PHASES) {
    if (seconds[phase] > 0) segments.push({ phase, startSeconds: start, seconds: seconds[phase] });
    start += seconds[phase];
  }
  return segments;
}

/**
 * The GPU's phases: each starts when the host starts issuing it (or when the GPU's previous
 * phase ends, if later) and ends when its work is done or the host has issued its last kernel,
 * whichever is later, and always early enough for the phases after it to fit the step.
 */
function gpuWindows(
  gpuSeconds: Record<GpuPhase, number>,
  host: Record<LanePhase, number>,
  stepSeconds: number,
): GpuWindow[] {
  const phases: GpuPhase[] = ['forward', 'backward', 'optimizer'];
  const hostStart = { forward: 0, backward: host.forward, optimizer: host.forward + host.backward };
  const windows: GpuWindow[] = [];
  let previousEnd = 0;
  phases.forEach((phase, i) => {
    const busy = gpuSeconds[phase];
    if (busy <= 0) return;
    const after = phases.slice(i + 1).reduce((sum, p) => sum + gpuSeconds[p], 0);
    const start = Math.max(previousEnd, Math.min(hostStart[phase], stepSeconds - after - busy));
    const hostEnd = hostStart[phase] + host[phase];
    const end = Math.min(stepSeconds - after, Math.max(start + busy, hostEnd));
    windows.push({ phase, startSeconds: start, windowSeconds: end - start, busySeconds: busy });
    previousEnd = end;
  });
  return windows;
}

/** The two lanes of a predicted step. */
export function stepLanes(step: StepPrediction): StepLanes {
  const hostPhaseSeconds: Record<LanePhase, number> = {
    forward: step.host.forwardSeconds,
    backward: step.host.backwardSeconds,
    optimizer: step.host.optimizerSeconds,
    fixed: step.host.fixedSeconds,
  };
  const gpuPhaseSeconds: Record<GpuPhase, number> = {
    forward: step.forwardSeconds,
    backward: step.backwardSeconds + step.recomputeSeconds,
    optimizer: step.optimizerSeconds,
  };
  const stepSeconds = Math.max(step.seconds, step.gpuSeconds, step.hostSeconds);
  return {
    stepSeconds,
    hostSeconds: step.hostSeconds,
    gpuSeconds: step.gpuSeconds,
    host: hostSegments(hostPhaseSeconds),
    hostPhaseSeconds,
    hostWaitSeconds: Math.max(0, stepSeconds - step.hostSeconds),
    gpu: gpuWindows(gpuPhaseSeconds, hostPhaseSeconds, stepSeconds),
    gpuPhaseSeconds,
    gpuIdleSeconds: step.gpuIdleShare * step.seconds,
    gpuIdleShare: step.gpuIdleShare,
    bound: step.bound,
    execution: step.execution,
  };
}

/** Share of a window its work must fill before it is drawn as one solid stretch. */
export const SOLID_SHARE = 0.97;

/**
 * A window's busy time as `count` equal bursts spread evenly over it (one solid stretch when the
 * work nearly fills the window). The bursts' seconds add up to the window's busy seconds.
 */
export function burstsOf(window: GpuWindow, count: number): Burst[] {
  const { startSeconds, windowSeconds, busySeconds } = window;
  if (busySeconds >= SOLID_SHARE * windowSeconds || count <= 1) {
    const slack = Math.max(0, windowSeconds - busySeconds);
    return [{ startSeconds: startSeconds + slack, seconds: busySeconds }];
  }
  const n = Math.floor(count);
  const slot = windowSeconds / n;
  const seconds = busySeconds / n;
  return Array.from({ length: n }, (_, i) => ({
    startSeconds: startSeconds + (i + 1) * slot - seconds,
    seconds,
  }));
}
