import { AbortableRun, errorText } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import { readRace } from './reading';
import { initialRaceState, waveActivity } from './lanes';
import { cpuLanePhases, gpuLanePhases, modeledLanePhases } from './phases';
import { measuredFigures } from './race-figures';
import { type CpuLaneRun, type LaneId, type LaneView, type ModeledFigures } from './race-types';
import { planPlayback, type LanePlayback } from './modeled-playback';
import { serialIterationsFor, type RaceJobSettings } from './settings';
import type { ModeledRun, GpuLaneOutcome, RaceDeps, RaceState } from './race-types';
import { compareU32 } from '../../compute/verify';
import type { RaceJob, RaceRun } from '../../compute/race-reference';

/** Shortest time between two progress repaints of a measured lane. */
export const PROGRESS_INTERVAL_SECONDS = 0.1;

/** Modeled hardware used unless the learner picks another. */
export const DEFAULT_MODELED = { cpu: 'i9-14900k', gpu: 'a100-sxm-80gb' } as const;

/**
 * Runs a race: the CPU lane (real workers), then the GPU lane (real WebGPU, verified against the
 * CPU results), one after the other so they do not compete for the same cores, while the two
 * modeled lanes play back the cost engine's predictions. Emits a fresh RaceState on each change.
 */
export class RaceController extends WidgetController<RaceState> {
  private readonly runs = new AbortableRun();
  private lastProgressAt = new Map<LaneId, number>();
  /** Set once the measured lanes are done: what to do when the modeled playback ends. */
  private finishWhenPlayed: (() => void) | null = null;
  private playback: LanePlayback[] = [];

  constructor(
    private deps: RaceDeps,
    private modeled: { cpu: string; gpu: string } = { ...DEFAULT_MODELED },
  ) {
    super(initialRaceState(deps, modeled));
  }

  /** Chooses which catalog GPU the modeled GPU lane shows (resets the lanes when idle). */
  setModeledGpu(id: string): void {
    this.modeled = { ...this.modeled, gpu: id };
    if (this.state.status !== 'running') this.emit(this.initialState());
  }

  private initialState(): RaceState {
    return { ...initialRaceState(this.deps, this.modeled), lastRun: this.state.lastRun };
  }

  /**
   * What the modeled lanes predict for `settings` on the catalog CPU and the GPU `gpuId`, without
   * running anything: the figures a preset's reading starts from.
   */
  modelFigures(settings: RaceJobSettings, gpuId: string = this.modeled.gpu): ModeledFigures {
    const job = jobOf(settings);
    return {
      cpuName: this.deps.hardwareName(this.modeled.cpu),
      gpuName: this.deps.hardwareName(gpuId),
      cpu: this.deps.predict(this.modeled.cpu, job),
      gpu: this.deps.predict(gpuId, job),
    };
  }

  private get state(): RaceState {
    return this.getState();
  }

  private emit(next: RaceState): void {
    this.replaceState(next);
  }

  /** Cancels a race in progress; the view calls it when it goes away. */
  override dispose(): void {
    this.cancel();
  }

  private patchLane(id: LaneId, patch: Partial<LaneView>): void {
    const lanes = { ...this.state.lanes, [id]: { ...this.state.lanes[id], ...patch } };
    this.emit({ ...this.state, lanes });
  }

  /**
   * Progress of a measured lane, drawn at most every PROGRESS_INTERVAL_SECONDS: every repaint
   * costs CPU time that the work being measured would otherwise have.
   */
  private patchProgress(id: LaneId, share: number, patch: Partial<LaneView>): void {
    const now = this.deps.now();
    const last = this.lastProgressAt.get(id);
    if (share < 1 && last !== undefined && now - last < PROGRESS_INTERVAL_SECONDS) return;
    this.lastProgressAt.set(id, now);
    this.patchLane(id, { ...patch, progress: Math.min(1, share) });
  }

  /** Stops a running race; lanes still running are marked as cancelled. */
  cancel(): void {
    if (this.finishWhenPlayed) {
      this.cancelled(); // only the modeled playback was left
      return;
    }
    this.runs.cancel();
  }

  /** Advances the modeled lanes' playback to the current time; call it once per frame. */
  tick(): void {
    if (this.playback.length === 0) return;
    const now = this.deps.now();
    for (const p of this.playback) {
      const lane = this.state.lanes[p.id];
      if (lane.state !== 'running') continue;
      const progress = Math.min(1, (now - p.start) / p.playbackSeconds);
      const units = waveActivity(progress, lane.units.length, p.waves, p.lastWaveShare);
      this.patchLane(
        p.id,
        progress >= 1 ? { state: 'done', progress: 1, units } : { progress, units },
      );
    }
    if (!this.isPlaying()) this.finishPlayback();
  }

  /** Whether the view should keep asking for frames: a race or a playback is under way. */
  isAnimating(): boolean {
    return this.state.status === 'running' || this.isPlaying();
  }

  /** Whether modeled playback is still under way. */
  isPlaying(): boolean {
    return this.playback.some((p) => this.state.lanes[p.id].state === 'running');
  }

  /**
   * Runs the race with these settings. Resolves when the measured lanes have finished; the
   * status turns 'done' when the modeled lanes' playback has finished too (at once under
   * reduced motion).
   */
  async run(settings: RaceJobSettings): Promise<void> {
    if (this.state.status === 'running') return;
    const job = jobOf(settings);
    this.lastProgressAt.clear();
    this.emit({ ...this.initialState(), status: 'running' });
    await this.runs.start((signal) => this.race(settings, job, signal), {
      cancelled: () => this.cancelled(),
      failed: (message) =>
        this.emit({ ...this.state, status: 'error', error: message, reading: [message] }),
    });
  }

  /** The measured lanes one after the other, then the modeled lanes' playback. */
  private async race(settings: RaceJobSettings, job: RaceJob, signal: AbortSignal): Promise<void> {
    // Modeled lanes: predicted now, played back once the measured lanes are done, so that
    // drawing the animation takes no CPU time from the work being measured.
    const modeled = this.modelFigures(settings);
    const cpuModel = modeled.cpu;
    const gpuModel = modeled.gpu;
    for (const id of ['cpu-modeled', 'gpu-modeled'] as const) {
      this.patchLane(id, {
        note: 'Plays after the measured lanes, so its animation does not slow them down.',
      });
    }

    const cpuRun = await this.runCpuLane(job, signal);
    signal.throwIfAborted();
    const { gpuUnavailable, adapter } = await this.runGpuLane(job, cpuRun, signal);
    signal.throwIfAborted();

    const measured = measuredFigures(this.state.lanes, {
      workers: this.deps.workers,
      freshWorkers: cpuRun?.freshWorkers ?? 0,
      adapter,
      gpuUnavailable,
    });
    const reading = readRace({
      modeled,
      measured,
      serialPercent: settings.serialPercent,
      tasks: settings.tasks,
    });
    const lastRun = {
      job: {
        tasks: settings.tasks,
        iterations: settings.iterations,
        serialPercent: settings.serialPercent,
      },
      modeled,
      measured,
    };
    this.startPlayback('cpu-modeled', cpuModel, job.tasks, 'cpu');
    this.startPlayback('gpu-modeled', gpuModel, job.tasks, 'gpu');
    this.finishWhenPlayed = () => this.emit({ ...this.state, status: 'done', reading, lastRun });
    if (!this.isPlaying()) this.finishPlayback();
  }

  private finishPlayback(): void {
    const finish = this.finishWhenPlayed;
    this.finishWhenPlayed = null;
    this.playback = [];
    finish?.();
  }

  private cancelled(): void {
    this.playback = [];
    this.finishWhenPlayed = null;
    for (const id of ['cpu-modeled', 'gpu-modeled'] as const) {
      const lane = this.state.lanes[id];
      if (lane.state === 'running' || lane.state === 'waiting') {
        this.patchLane(id, { state: 'skipped', note: 'Cancelled.' });
      }
    }
    this.emit({
      ...this.state,
      status: 'idle',
      reading: ['The race was cancelled. Change the settings or run it again.'],
    });
  }

  /** The measured CPU lane: the worker pool, for real. Null when it failed or was cancelled. */
  private async runCpuLane(job: RaceJob, signal: AbortSignal): Promise<CpuLaneRun | null> {
    const cpuStart = this.deps.now();
    this.patchLane('cpu-measured', { state: 'running' });
    try {
      const cpuRun = await this.deps.runCpu(
        job,
        (perWorker) => {
          const done = perWorker.reduce((a, b) => a + b, 0);
          const share = job.tasks > 0 ? done / job.tasks : 1;
          const max = Math.max(1, ...perWorker);
          this.patchProgress('cpu-measured', share, {
            seconds: this.deps.now() - cpuStart,
            units: perWorker.map((n) => n / max),
          });
        },
        signal,
      );
      const workers = `${this.deps.workers} worker${this.deps.workers === 1 ? '' : 's'}`;
      this.patchLane('cpu-measured', {
        state: 'done',
        progress: 1,
        seconds: cpuRun.seconds,
        phases: cpuLanePhases(cpuRun),
        note: `Timed work: wall time on ${workers}, the serial stage on one of them, with the messages that hand out the tasks and bring back the results. Worker start-up is timed apart and left out.`,
      });
      return cpuRun;
    } catch (err) {
      this.finishLane('cpu-measured', err, signal);
      return null;
    }
  }

  /** The measured GPU lane: WebGPU, for real, verified against the CPU lane's results. */
  private async runGpuLane(
    job: RaceJob,
    cpuRun: RaceRun | null,
    signal: AbortSignal,
  ): Promise<GpuLaneOutcome> {
    const none = { gpuRun: null, gpuUnavailable: null, adapter: null, verified: null };
    const acquireStart = this.deps.now();
    const gpu = await this.deps.getGpu();
    const acquireSeconds = Math.max(0, this.deps.now() - acquireStart);
    if (!gpu.ok) {
      this.patchLane('gpu-measured', { state: 'skipped', note: gpu.message });
      return { ...none, gpuUnavailable: gpu.message };
    }
    const adapter = gpu.adapter;
    this.emit({ ...this.state, adapter });
    const gpuStart = this.deps.now();
    this.patchLane('gpu-measured', {
      state: 'running',
      hardware: adapter.isFallback
        ? `${adapter.description} (software fallback: runs on your CPU)`
        : adapter.description,
    });
    try {
      const gpuRun = await gpu.run(
        job,
        (doneTasks) =>
          this.patchProgress('gpu-measured', job.tasks > 0 ? doneTasks / job.tasks : 1, {
            seconds: this.deps.now() - gpuStart,
          }),
        signal,
      );
      // Everything around the timed run is set-up: getting the device, compiling the pipeline,
      // allocating buffers, waiting for earlier GPU work, and freeing the buffers after.
      const untimed = Math.max(0, this.deps.now() - gpuStart - gpuRun.seconds);
      const verified = cpuRun ? sameResults(cpuRun, gpuRun) : null;
      this.patchLane('gpu-measured', {
        state: 'done',
        progress: 1,
        seconds: gpuRun.seconds,
        phases: gpuLanePhases(acquireSeconds + untimed, gpuRun.seconds),
        verified,
        note:
          verified === null
            ? 'Not verified: the CPU lane did not finish, so there is no reference to compare with.'
            : 'Timed work: from the first submit to the results back in JavaScript, the serial stage (one GPU thread) included. GPU set-up (device, shader pipeline, buffers) is timed apart and left out.',
      });
      return { gpuRun, gpuUnavailable: null, adapter, verified };
    } catch (err) {
      this.finishLane('gpu-measured', err, signal);
      return { ...none, adapter };
    }
  }

  private startPlayback(
    id: LaneId,
    model: ModeledRun,
    tasks: number,
    processor: 'cpu' | 'gpu',
  ): void {
    const { playback, note } = planPlayback(id, model, tasks, this.deps.now());
    const phases = modeledLanePhases(model, processor);
    if (this.deps.reducedMotion()) {
      this.patchLane(id, { state: 'done', progress: 1, seconds: model.seconds, note, phases });
      return;
    }
    this.patchLane(id, { state: 'running', seconds: model.seconds, note, phases });
    this.playback = [...this.playback.filter((p) => p.id !== id), playback];
  }

  private finishLane(id: LaneId, err: unknown, signal: AbortSignal): void {
    if (signal.aborted) {
      this.patchLane(id, { state: 'skipped', note: 'Cancelled.' });
      return;
    }
    this.patchLane(id, { state: 'error', note: errorText(err) });
  }
}

/** The runners' job for these settings: the serial stage sized from the serial share. */
function jobOf(settings: RaceJobSettings): RaceJob {
  return {
    tasks: settings.tasks,
    iterations: settings.iterations,
    serialIterations: serialIterationsFor(settings),
  };
}

function sameResults(a: RaceRun, b: RaceRun): boolean {
  return a.serialResult === b.serialResult && compareU32(a.results, b.results).ok;
}
