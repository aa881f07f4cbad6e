/**
 * The types a race is run with: its dependencies and its visible state. The job and a measured
 * run's result (RaceJob, RaceRun) are the runtime's own, from the runners to the lanes.
 */
import type { PoolTimeline } from '../../cpu/race-pool';
import type { AdapterFacts } from '../../gpu';
import type { WidgetStatus } from '../../ui/frame/status';
import type { RaceJobSettings } from './settings';
import type { RaceJob, RaceRun } from '../../compute/race-reference';

/** A modeled prediction for one piece of hardware. */
export interface ModeledRun {
  seconds: number;
  /** Units that work at once (GPU lanes or CPU cores), and how many are drawn. */
  parallelUnits: number;
  waves: number;
  /** The part of `seconds` that does not depend on the work: launches, waking threads. */
  fixedSeconds: number;
  /** The part of `seconds` the serial stage takes on one lane or core. */
  serialSeconds: number;
}

/**
 * The measured CPU lane's run: the results, `seconds` of timed work (serial stage and batch,
 * workers warm), and the pool's timeline, whose start-up part (creating workers, loading their
 * script, warming them up) is shown apart from the work.
 */
export interface CpuLaneRun extends RaceRun {
  /** Workers this race started (0 when they were running from an earlier race). */
  freshWorkers: number;
  timeline: PoolTimeline;
}

/**
 * A part of a lane's time: `startup` is one-time and outside the comparison (worker start-up,
 * GPU set-up), `fixed` is the per-job cost inside a modeled time (a launch, waking threads),
 * `work` the rest of the compared time.
 */
export type PhaseKind = 'startup' | 'fixed' | 'work';

/** One part of a lane's time, labelled as the lane shows it. */
export interface LanePhase {
  kind: PhaseKind;
  /** What it is, e.g. "Worker start-up", "Timed work". */
  label: string;
  seconds: number;
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
  ): Promise<CpuLaneRun>;
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
  /** The last race that finished: its job and what its lanes showed; null before one has. */
  lastRun: FinishedRace | null;
}

/** A finished race, for readings that need its figures after the lanes have moved on. */
export interface FinishedRace {
  job: RaceJobSettings;
  modeled: ModeledFigures;
  measured: MeasuredFigures;
}

/** What the two modeled lanes predict for a job. */
export interface ModeledFigures {
  cpuName: string;
  gpuName: string;
  cpu: ModeledRun;
  gpu: ModeledRun;
}

/** What the two measured lanes showed, start-up apart from work. */
export interface MeasuredFigures {
  workers: number;
  /** Timed work of the CPU lane, null when it did not finish. */
  cpuWorkSeconds: number | null;
  /** The CPU lane's start-up (spawned → ready), null when it did not finish. */
  cpuStartupSeconds: number | null;
  /** Workers the race started (0: they were running from an earlier race). */
  freshWorkers: number;
  /** Timed work of the GPU lane (first submit → results read back), null when none. */
  gpuWorkSeconds: number | null;
  /** The GPU lane's untimed set-up (device, pipeline, buffers), null when it did not run. */
  gpuSetupSeconds: number | null;
  gpuIsFallback: boolean;
  gpuVerified: boolean | null;
  /** Why there is no measured GPU lane, when there is none. */
  gpuUnavailable: string | null;
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
  /** The parts of its time once done (start-up or fixed cost, then work); empty before. */
  phases: LanePhase[];
}
