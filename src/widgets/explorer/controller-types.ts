/**
 * The explorer controller's types: its injected dependencies (clock, reduced motion, WebGPU),
 * the "run it on my GPU" measurement, and the whole state the view renders. Types only.
 */
import type { KernelPrediction } from '../../engine/models';
import type { WidgetStatus } from '../../ui/frame/status';
import type { ExplorerConfig, ExplorerSettings } from './settings';
import type { ExplorerHardware } from './hardware';
import type { PlaybackState } from './playback';
import type { WavePlan } from './schedule';

export type { AdapterFacts } from '../../gpu';
import type { AdapterFacts } from '../../gpu';

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
  /** The checked settings (SMs and cores 0 where they are the catalog GPU's own). */
  settings: ExplorerSettings;
  /** The settings resolved: real SM and core counts. */
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
