/**
 * The explorer's state and everything that changes it: the chosen hardware and kernel, the wave
 * playback, the zoom, and the "run it on my GPU" measurement. Pure TypeScript with injected
 * dependencies (clock, reduced motion, WebGPU), so it is tested with fakes; the React view only
 * renders the state this emits.
 */
import { AbortableRun } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import {
  CATALOG_COUNTS,
  checkExplorerConfig,
  type ExplorerConfig,
  type ExplorerSettings,
  type Residency,
} from './settings';
import type { ElementwiseGpu, ExplorerDeps, ExplorerState, MeasureState } from './controller-types';
import { explorerHardware } from './hardware';
import { modelElementwise } from './model-time';
import {
  initialPlayback,
  playbackReducer,
  playbackSeconds,
  wavesPerSecond,
  type PlaybackAction,
  type PlaybackState,
} from './playback';
import { planWaves } from './schedule';

export type {
  AdapterFacts,
  ElementwiseGpu,
  ElementwiseMeasurement,
  ExplorerDeps,
  ExplorerState,
  MeasureState,
  ZoomState,
} from './controller-types';

/** Seconds a zoom in or out takes when animated. */
export const ZOOM_SECONDS = 0.35;

function otherResidency(residency: Residency): Residency {
  return residency === 'one-per-core' ? 'resident' : 'one-per-core';
}

function statusOf(playback: PlaybackState, measure: MeasureState): WidgetStatus {
  if (playback.phase === 'playing' || measure.phase === 'running') return 'running';
  if (playback.phase === 'finished' || measure.phase === 'done') return 'done';
  return 'idle';
}

/** Builds the hardware-dependent part of the state from a checked configuration. */
function derive(config: ExplorerConfig) {
  const hardware = explorerHardware(config.gpuId, config.sms, config.coresPerSm);
  const plan = planWaves(hardware, config);
  const otherPlan = planWaves(hardware, config, otherResidency(config.residency));
  const model = modelElementwise(hardware, config.elements, config.threadsPerBlock);
  return { hardware, plan, otherPlan, model };
}

/** Settings from outside, any values (they are checked). */
export type ExplorerSettingsInput = Partial<Record<keyof ExplorerSettings, unknown>>;

/** The explorer's first state: the checked settings, their waves and model, nothing measured. */
function initialExplorerState(deps: ExplorerDeps, initial: ExplorerSettingsInput): ExplorerState {
  const { settings, config, messages } = checkExplorerConfig(initial);
  const derived = derive(config);
  const missing = deps.webgpuMissingReason();
  const measure: MeasureState = missing
    ? { phase: 'unavailable', message: missing }
    : { phase: 'idle' };
  const playback = initialPlayback(derived.plan.schedule.waves);
  return {
    status: statusOf(playback, measure),
    settings,
    config,
    messages,
    ...derived,
    playback,
    zoom: { sm: 0, zoomed: false, progress: 0 },
    measure,
    reducedMotion: deps.reducedMotion(),
  };
}

/** Drives the explorer; emits a fresh ExplorerState on each change. */
export class ExplorerController extends WidgetController<ExplorerState> {
  private lastTick: number | null = null;
  private readonly runs = new AbortableRun();
  private gpu: Promise<ElementwiseGpu> | null = null;

  constructor(
    private deps: ExplorerDeps,
    initial: ExplorerSettingsInput = {},
  ) {
    super(initialExplorerState(deps, initial));
  }

  private get state(): ExplorerState {
    return this.getState();
  }

  private emit(patch: Partial<ExplorerState>): void {
    const next = { ...this.state, ...patch };
    next.status = statusOf(next.playback, next.measure);
    this.replaceState(next);
  }

  /**
   * Changes settings (any values; they are checked). Choosing another GPU brings its own SM and
   * core counts unless the same change sets them. When the settings change, playback restarts;
   * a measurement is kept. The same settings again change nothing.
   */
  configure(patch: ExplorerSettingsInput): void {
    const current = this.state.settings;
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const gpuChanged = given.gpuId !== undefined && given.gpuId !== current.gpuId;
    const input = gpuChanged ? { ...CATALOG_COUNTS, ...given } : given;
    const { settings, config, messages } = checkExplorerConfig(input, current);
    const same = (Object.keys(settings) as Array<keyof ExplorerSettings>).every(
      (key) => settings[key] === current[key],
    );
    if (same) {
      if (messages.length > 0 || this.state.messages.length > 0) this.emit({ messages });
      return;
    }
    const derived = derive(config);
    this.lastTick = null;
    this.emit({
      settings,
      config,
      messages,
      ...derived,
      playback: initialPlayback(derived.plan.schedule.waves),
      zoom: { ...this.state.zoom, sm: Math.min(this.state.zoom.sm, config.sms - 1) },
    });
  }

  /** Resets SMs and cores per SM to the chosen catalog GPU's own. */
  resetToCatalog(): void {
    this.configure(CATALOG_COUNTS);
  }

  private playbackAction(action: PlaybackAction): void {
    this.emit({ playback: playbackReducer(this.state.playback, action) });
  }

  /** Plays the waves; under reduced motion, shows the end at once instead of animating. */
  play(): void {
    if (this.state.reducedMotion) {
      this.playbackAction({ type: 'finish' });
      return;
    }
    this.lastTick = null;
    this.playbackAction({ type: 'play' });
  }

  /** Pauses playback where it is. */
  pause(): void {
    this.playbackAction({ type: 'pause' });
  }

  /** Plays when paused or ready, pauses when playing. */
  togglePlay(): void {
    if (this.state.playback.phase === 'playing') this.pause();
    else this.play();
  }

  /** Shows the next whole wave. */
  step(): void {
    this.playbackAction({ type: 'step' });
  }

  /** Back to before the first wave. */
  reset(): void {
    this.playbackAction({ type: 'reset' });
  }

  /** Selects SM `sm` (clamped to the GPU). */
  selectSm(sm: number): void {
    const clamped = Math.min(Math.max(0, Math.round(sm)), this.state.config.sms - 1);
    this.emit({ zoom: { ...this.state.zoom, sm: clamped } });
  }

  /** Zooms into the selected SM (true) or back out to the whole GPU (false). */
  setZoomed(zoomed: boolean): void {
    const progress = this.state.reducedMotion ? (zoomed ? 1 : 0) : this.state.zoom.progress;
    this.lastTick = null;
    this.emit({ zoom: { ...this.state.zoom, zoomed, progress } });
  }

  /** Whether anything is moving (playback or a zoom), so the view keeps asking for frames. */
  isAnimating(): boolean {
    const { playback, zoom } = this.state;
    return playback.phase === 'playing' || zoom.progress !== (zoom.zoomed ? 1 : 0);
  }

  /** Advances playback and zoom to the current time; call once per animation frame. */
  tick(): void {
    const now = this.deps.now();
    const seconds = this.lastTick === null ? 0 : Math.max(0, Math.min(0.1, now - this.lastTick));
    this.lastTick = now;
    const patch: Partial<ExplorerState> = {};
    const { playback, zoom } = this.state;
    if (playback.phase === 'playing') {
      patch.playback = playbackReducer(playback, {
        type: 'tick',
        seconds,
        wavesPerSecond: wavesPerSecond(playback.waves),
      });
    }
    const target = zoom.zoomed ? 1 : 0;
    if (zoom.progress !== target) {
      const delta = seconds / ZOOM_SECONDS;
      const progress =
        target > zoom.progress
          ? Math.min(1, zoom.progress + delta)
          : Math.max(0, zoom.progress - delta);
      patch.zoom = { ...zoom, progress };
    }
    if (patch.playback || patch.zoom) this.emit(patch);
    if (!this.isAnimating()) this.lastTick = null;
  }

  /** Seconds the whole playback takes at normal speed (for the slowdown note). */
  playbackSeconds(): number {
    return playbackSeconds(this.state.playback.waves);
  }

  /**
   * Runs the same ReLU on the learner's GPU through WebGPU, checks every value against the CPU
   * reference, and shows the time only when they match, beside the cost engine's time for the
   * same kernel on the chosen GPU.
   */
  async measure(): Promise<void> {
    if (this.state.measure.phase === 'running' || this.state.measure.phase === 'unavailable')
      return;
    const { elements, threadsPerBlock } = this.state.config;
    // Animation takes CPU time from the page, which would slow the run being measured.
    const playback = playbackReducer(this.state.playback, { type: 'pause' });
    this.emit({ playback, measure: { phase: 'running', elements } });
    await this.runs.start((signal) => this.measureOnGpu(elements, threadsPerBlock, signal), {
      cancelled: () => this.emit({ measure: { phase: 'idle' } }),
      failed: (message) => {
        this.gpu = null; // a lost device is replaced on the next try
        this.emit({ measure: { phase: 'error', message } });
      },
    });
  }

  private async measureOnGpu(
    elements: number,
    threadsPerBlock: number,
    signal: AbortSignal,
  ): Promise<void> {
    this.gpu ??= this.deps.getGpu();
    const gpu = await this.gpu;
    if (!gpu.ok) {
      this.gpu = null;
      this.emit({ measure: { phase: 'unavailable', message: gpu.message } });
      return;
    }
    const measurement = await gpu.measure(elements, threadsPerBlock, signal);
    if (!measurement.verified) {
      this.emit({
        measure: {
          phase: 'error',
          message: `The GPU's output did not match the CPU reference, so no time is shown: ${measurement.detail}.`,
        },
      });
      return;
    }
    const modeled = modelElementwise(this.state.hardware, elements, measurement.workgroupSize);
    this.emit({
      measure: {
        phase: 'done',
        elements,
        adapter: gpu.adapter,
        measurement,
        modeled,
        modeledOn: this.state.hardware.name,
      },
    });
  }

  /** Stops a measurement in progress and any animation; call when the view goes away. */
  override dispose(): void {
    this.runs.cancel();
  }
}
