/** The types a race is run with: its job, its dependencies, and its visible state. */
import type { WidgetStatus } from '../../ui/frame/status';
import type { LaneId, LaneView } from './lanes';

/** A job as the runners take it. */
export interface RaceJob {
  tasks: number;
  iterations: number;
  serialIterations: number;
}

/** What a measured run returns. */
export interface MeasuredRun {
  results: Uint32Array;
  serialResult: number;
  seconds: number;
}

/** A modeled prediction for one piece of hardware. */
export interface ModeledRun {
  seconds: number;
  /** Units that work at once (GPU lanes or CPU cores), and how many are drawn. */
  parallelUnits: number;
  waves: number;
}

export type { AdapterFacts } from '../../gpu';
import type { AdapterFacts } from '../../gpu';

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
      ): Promise<MeasuredRun>;
    };

/** Everything the controller needs from the outside world; injected so tests can fake it. */
export interface RaceDeps {
  workers: number;
  runCpu(
    job: RaceJob,
    onProgress: (perWorkerDone: number[]) => void,
    signal: AbortSignal,
  ): Promise<MeasuredRun>;
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
  gpuRun: MeasuredRun | null;
  gpuUnavailable: string | null;
  adapter: AdapterFacts | null;
  verified: boolean | null;
}
