import type { LaneId, LaneView, RaceDeps, RaceState } from './race-types';

/** A lane before any run. */
export function waitingLane(
  id: LaneId,
  title: string,
  hardware: string,
  unitCount: number,
  unitName: string,
): LaneView {
  return {
    id,
    source: id.endsWith('measured') ? 'measured' : 'modeled',
    title,
    hardware,
    state: 'waiting',
    progress: 0,
    seconds: null,
    units: new Array<number>(unitCount).fill(0),
    unitName,
    note: null,
    verified: null,
    phases: [],
  };
}

/**
 * Activity of `drawnUnits` boxes when a fraction `progress` (0..1) of a job is done that runs in
 * `waves` waves; every wave but the last keeps all units busy, the last keeps `lastWaveShare`
 * (0..1) of them busy.
 */
export function waveActivity(
  progress: number,
  drawnUnits: number,
  waves: number,
  lastWaveShare: number,
): number[] {
  const units = new Array<number>(Math.max(0, drawnUnits)).fill(0);
  if (progress <= 0 || progress >= 1 || waves < 1) return units;
  const wave = Math.min(waves - 1, Math.floor(progress * waves));
  const share = wave === waves - 1 ? Math.min(1, Math.max(0, lastWaveShare)) : 1;
  const busy = Math.max(1, Math.round(share * units.length));
  return units.fill(1, 0, Math.min(busy, units.length));
}

/**
 * Playback length for a modeled lane: real time when it is long enough to watch, otherwise
 * stretched to `minVisibleSeconds`, and the stretch factor so the view can say "slowed ×N".
 */
export function modeledPlayback(
  modeledSeconds: number,
  minVisibleSeconds = 1.5,
): { playbackSeconds: number; slowdown: number } {
  if (modeledSeconds >= minVisibleSeconds) return { playbackSeconds: modeledSeconds, slowdown: 1 };
  const safe = Math.max(modeledSeconds, 1e-9);
  return { playbackSeconds: minVisibleSeconds, slowdown: minVisibleSeconds / safe };
}

/** How many unit boxes the modeled GPU lane draws (an A100's 6,912 lanes drawn as its 108 SMs). */
export const MODELED_GPU_DRAWN_UNITS = 108;
/** The modeled desktop CPU's cores (8 performance + 16 efficiency on an i9-14900K). */
export const MODELED_CPU_CORES = 24;

/** The four lanes before a run: measured CPU and GPU, modeled CPU and GPU. */
export function initialLanes(
  workers: number,
  cpuModelName: string,
  gpuModelName: string,
): Record<LaneId, LaneView> {
  const plural = workers === 1 ? '' : 's';
  return {
    'cpu-measured': waitingLane(
      'cpu-measured',
      'Your CPU',
      `${workers} Web Worker${plural} on this machine`,
      workers,
      'worker',
    ),
    'gpu-measured': waitingLane(
      'gpu-measured',
      'Your GPU',
      'WebGPU on this machine',
      0,
      'dispatch',
    ),
    'cpu-modeled': waitingLane(
      'cpu-modeled',
      cpuModelName,
      'cost model',
      MODELED_CPU_CORES,
      'core',
    ),
    'gpu-modeled': waitingLane(
      'gpu-modeled',
      gpuModelName,
      'cost model',
      MODELED_GPU_DRAWN_UNITS,
      'SM',
    ),
  };
}

/** The state of a race not yet run: every lane waiting, nothing to read yet. */
export function initialRaceState(deps: RaceDeps, modeled: { cpu: string; gpu: string }): RaceState {
  return {
    status: 'idle',
    lanes: initialLanes(
      deps.workers,
      deps.hardwareName(modeled.cpu),
      deps.hardwareName(modeled.gpu),
    ),
    adapter: null,
    reading: [],
    error: null,
    lastRun: null,
  };
}
