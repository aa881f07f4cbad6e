/**
 * The types a race is run with: its dependencies and its visible state. The job and a measured
 * run's result (RaceJob, RaceRun) are the runtime's own, from the runners to the lanes.
 */
import type { AdapterFacts, RaceJob, RaceRun } from '../../gpu';
import type { WidgetStatus } from '../../ui/frame/status';

/** A modeled prediction for one piece of hardware. */
export interface ModeledRun {
  seconds: number;
  /** Units that work at once (GPU lanes or CPU cores), and how many are drawn. */
  parallelUnits: number;
  waves: number;
}

/** The GPU side of a race: acquired once, then run. */
export type GpuRunner =
  | { ok: false; message: string }
  | {
      ok: true;
      adapter: AdapterFacts;
      run(
        job: RaceJob,
        onProgress: (doneTasks: number) => void,
        signal: AbortSignal,
      ): Promise<RaceRun>;
    };

/** Everything the controller needs from the outside world; injected so tests can fake it. */
export interface RaceDeps {
  workers: number;
  runCpu(
    job: RaceJob,
    onProgress: (perWorkerDone: number[]) => void,
    signal: AbortSignal,
  ): Promise<RaceRun>;
  getGpu(): Promise<GpuRunner>;
  predict(hardwareId: string, job: RaceJob): ModeledRun;
  hardwareName(hardwareId: string): string;
  /** Seconds on a monotonic clock. */
  now(): number;
  /** Whether to skip animations (prefers-reduced-motion). */
  reducedMotion(): boolean;
}

/** The whole visible state of the race widget. */
export interface RaceState {
  status: WidgetStatus;
  lanes: Record<LaneId, LaneView>;
  adapter: AdapterFacts | null;
  reading: string[];
  error: string | null;
}

/** What the measured GPU lane produced, for the reading. */
export interface GpuLaneOutcome {
  gpuRun: RaceRun | null;
  gpuUnavailable: string | null;
  adapter: AdapterFacts | null;
  verified: boolean | null;
}

/** Which of the four lanes. */
export type LaneId = 'cpu-measured' | 'gpu-measured' | 'cpu-modeled' | 'gpu-modeled';

/** Where a lane is in its run. */
export type LaneState = 'waiting' | 'running' | 'done' | 'skipped' | 'error';

/** One lane's live state, as the view draws it. */
export interface LaneView {
  id: LaneId;
  /** 'measured' lanes ran on this machine; 'modeled' lanes are the cost engine's prediction. */
  source: 'measured' | 'modeled';
  title: string;
  /** A short description of the hardware behind the lane. */
  hardware: string;
  state: LaneState;
  /** 0..1 */
  progress: number;
  /** Elapsed (running) or final (done) time, seconds; null before it starts. */
  seconds: number | null;
  /** Activity of each unit drawn in the lane (0..1 each): workers, SMs or cores. */
  units: number[];
  /** What one unit stands for, e.g. "worker", "SM". */
  unitName: string;
  /** A note shown under the lane (why it was skipped, verification, slow-motion factor). */
  note: string | null;
  /** For the measured GPU lane: whether its output matched the CPU reference. */
  verified: boolean | null;
}
