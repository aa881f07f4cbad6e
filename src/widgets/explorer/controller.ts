/**
 * The explorer's state and everything that changes it: the chosen hardware and kernel, the wave
 * playback, the zoom, and the "run it on my GPU" measurement. Pure TypeScript with injected
 * dependencies (clock, reduced motion, WebGPU), so it is tested with fakes; the React view only
 * renders the state this emits.
 */
import type { KernelPrediction } from '../../engine';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import { checkExplorerConfig, type ExplorerConfig, type Residency } from './config';
import { explorerHardware, type ExplorerHardware } from './hardware';
import { modelElementwise } from './model-time';
import {
  initialPlayback,
  playbackReducer,
  playbackSeconds,
  wavesPerSecond,
  type PlaybackAction,
  type PlaybackState,
} from './playback';
import { planWaves, type WavePlan } from './schedule';

/** Facts about the learner's WebGPU adapter that the view shows. */
export interface AdapterFacts {
  description: string;
  isFallback: boolean;
}

/** One verified (or not) timing of the ReLU kernel on the learner's GPU. */
export interface ElementwiseMeasurement {
  /** Median seconds of one launch over the timed batches. */
  secondsPerKernel: number;
  /** Launches in each timed batch. */
  repeats: number;
  /** Timed batches the median is taken over. */
  batches: number;
  /** Half the interquartile range over the median. */
  relativeSpread: number;
  /** GPU timestamps around each batch, or the wall clock until the queue finished. */
  method: 'timestamp-query' | 'completion';
  /** Workgroup size used, after the device's limits. */
  workgroupSize: number;
  /** True when every output value matched the CPU reference. */
  verified: boolean;
  /** What the check found, in a sentence. */
  detail: string;
}

/** The learner's GPU, acquired once, or why it cannot be had. */
export type ElementwiseGpu =
  | { ok: false; message: string }
  | {
      ok: true;
      adapter: AdapterFacts;
      measure(
        elements: number,
        workgroupSize: number,
        signal: AbortSignal,
      ): Promise<ElementwiseMeasurement>;
    };

/** Everything the controller needs from outside; injected so tests can fake it. */
export interface ExplorerDeps {
  /** Seconds on a monotonic clock. */
  now(): number;
  /** Whether to skip animation (prefers-reduced-motion). */
  reducedMotion(): boolean;
  /** Null when WebGPU is there to try, else a sentence saying why it is not. */
  webgpuMissingReason(): string | null;
  getGpu(): Promise<ElementwiseGpu>;
}

/** The "run it on my GPU" panel's state. */
export type MeasureState =
  | { phase: 'idle' }
  | { phase: 'unavailable'; message: string }
  | { phase: 'running'; elements: number }
  | {
      phase: 'done';
      elements: number;
      adapter: AdapterFacts;
      measurement: ElementwiseMeasurement;
      /** The cost engine's time for the same kernel (same size and block size) on the chosen GPU. */
      modeled: KernelPrediction;
      modeledOn: string;
    }
  | { phase: 'error'; message: string };

/** Zoom: which SM is selected, whether the view is zoomed into it, and the animation's progress. */
export interface ZoomState {
  sm: number;
  zoomed: boolean;
  /** 0 = whole GPU, 1 = the SM fills the view. */
  progress: number;
}

/** The whole visible state of the explorer. */
export interface ExplorerState {
  status: WidgetStatus;
  config: ExplorerConfig;
  /** What was corrected in the last change of settings. */
  messages: string[];
  hardware: ExplorerHardware;
  /** The waves the animation plays (the chosen residency). */
  plan: WavePlan;
  /** The same kernel under the other residency, for comparison. */
  otherPlan: WavePlan;
  model: KernelPrediction;
  playback: PlaybackState;
  zoom: ZoomState;
  measure: MeasureState;
  /** True when the view should step instead of animate. */
  reducedMotion: boolean;
}

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

/** The explorer's first state: the checked settings, their waves and model, nothing measured. */
function initialExplorerState(
  deps: ExplorerDeps,
  initial: Partial<Record<keyof ExplorerConfig, unknown>>,
): ExplorerState {
  const { config, messages } = checkExplorerConfig(initial);
  const derived = derive(config);
  const missing = deps.webgpuMissingReason();
  const measure: MeasureState = missing
    ? { phase: 'unavailable', message: missing }
    : { phase: 'idle' };
  const playback = initialPlayback(derived.plan.schedule.waves);
  return {
    status: statusOf(playback, measure),
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
  private abort: AbortController | null = null;
  private gpu: Promise<ElementwiseGpu> | null = null;

  constructor(
    private deps: ExplorerDeps,
    initial: Partial<Record<keyof ExplorerConfig, unknown>> = {},
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
   * core counts unless the same change sets them. Playback restarts; a measurement is kept.
   */
  configure(patch: Partial<Record<keyof ExplorerConfig, unknown>>): void {
    const current = this.state.config;
    const gpuChanged = patch.gpuId !== undefined && patch.gpuId !== current.gpuId;
    const merged: Partial<Record<keyof ExplorerConfig, unknown>> = { ...current, ...patch };
    if (gpuChanged) {
      if (patch.sms === undefined) delete merged.sms;
      if (patch.coresPerSm === undefined) delete merged.coresPerSm;
    }
    const { config, messages } = checkExplorerConfig(merged);
    const derived = derive(config);
    this.lastTick = null;
    this.emit({
      config,
      messages,
      ...derived,
      playback: initialPlayback(derived.plan.schedule.waves),
      zoom: { ...this.state.zoom, sm: Math.min(this.state.zoom.sm, config.sms - 1) },
    });
  }

  /** Resets SMs and cores per SM to the chosen catalog GPU's own. */
  resetToCatalog(): void {
    this.configure({ sms: undefined, coresPerSm: undefined });
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
    const abort = new AbortController();
    this.abort = abort;
    // Animation takes CPU time from the page, which would slow the run being measured.
    const playback = playbackReducer(this.state.playback, { type: 'pause' });
    this.emit({ playback, measure: { phase: 'running', elements } });
    this.gpu ??= this.deps.getGpu();
    const gpu = await this.gpu;
    if (!gpu.ok) {
      this.gpu = null;
      this.emit({ measure: { phase: 'unavailable', message: gpu.message } });
      return;
    }
    try {
      const measurement = await gpu.measure(elements, threadsPerBlock, abort.signal);
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
    } catch (error) {
      if (abort.signal.aborted) {
        this.emit({ measure: { phase: 'idle' } });
        return;
      }
      this.gpu = null; // a lost device is replaced on the next try
      const message = error instanceof Error ? error.message : String(error);
      this.emit({ measure: { phase: 'error', message } });
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }

  /** Stops a measurement in progress and any animation; call when the view goes away. */
  override dispose(): void {
    this.abort?.abort(new Error('The explorer was closed.'));
  }
}
