/**
 * The simulator's controller: the settings (from the widget's state hook), the engine's answer
 * for them, and the ring all-reduce's playback, stepped by hand or played on the injected clock
 * (never animated under reduced motion). The views only render this state and call these
 * methods.
 */
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import type { DataParallelDeps } from './browser-deps';
import { analyzeDataParallel, type DataParallelAnalysis } from './simulation';
import { ringSteps } from './ring';
import { totalGpus, type DataParallelSettings } from './settings';

/** Most GPUs the ring drawing shows. */
export const MAX_RING_GPUS = 8;

/** Seconds of animation per ring step. */
export const SECONDS_PER_RING_STEP = 0.9;

/** Where the ring all-reduce's playback stands. */
export interface RingPlayback {
  /** GPUs in the drawn ring. */
  gpus: number;
  /** Steps finished, 0 to 2(N-1). */
  done: number;
  /** Share of the next step under way while playing, in [0, 1). */
  progress: number;
  playing: boolean;
}

/** Everything the simulator's views show. */
export interface DataParallelState {
  settings: DataParallelSettings;
  analysis: DataParallelAnalysis;
  ring: RingPlayback;
  reducedMotion: boolean;
  status: WidgetStatus;
}

/** GPUs the ring drawing holds for these settings. */
export function ringGpusOf(settings: DataParallelSettings): number {
  return Math.min(MAX_RING_GPUS, totalGpus(settings));
}

/** A ring at its start. */
function freshRing(gpus: number): RingPlayback {
  return { gpus, done: 0, progress: 0, playing: false };
}

/** Same settings, field by field. */
function sameSettings(a: DataParallelSettings, b: DataParallelSettings): boolean {
  return (Object.keys(a) as Array<keyof DataParallelSettings>).every((k) => a[k] === b[k]);
}

/** Keeps the simulator's state; works out the answer whenever the settings change. */
export class DataParallelController extends WidgetController<DataParallelState> {
  private lastTick: number | null = null;

  constructor(
    private readonly deps: DataParallelDeps,
    settings: DataParallelSettings,
  ) {
    const analysis = analyzeDataParallel(settings, deps.engine);
    super({
      settings,
      analysis,
      ring: freshRing(ringGpusOf(settings)),
      reducedMotion: deps.reducedMotion(),
      status: analysis.kind === 'result' ? 'done' : 'error',
    });
  }

  /** Takes new settings from the state hook (no work when nothing changed). */
  configure(settings: DataParallelSettings): void {
    const before = this.getState();
    if (sameSettings(settings, before.settings)) return;
    const analysis = analyzeDataParallel(settings, this.deps.engine);
    const gpus = ringGpusOf(settings);
    this.lastTick = null;
    this.patchState({
      settings,
      analysis,
      ring: gpus === before.ring.gpus ? { ...before.ring, playing: false } : freshRing(gpus),
      status: analysis.kind === 'result' ? 'done' : 'error',
    });
  }

  /** Finishes the step under way, or does the next one. */
  stepForward(): void {
    const { ring } = this.getState();
    const last = ringSteps(ring.gpus);
    this.lastTick = null;
    this.setRing({ ...ring, done: Math.min(last, ring.done + 1), progress: 0, playing: false });
  }

  /** Goes back one step. */
  stepBack(): void {
    const { ring } = this.getState();
    this.lastTick = null;
    const done = ring.progress > 0 ? ring.done : Math.max(0, ring.done - 1);
    this.setRing({ ...ring, done, progress: 0, playing: false });
  }

  /** Back to the start. */
  reset(): void {
    this.lastTick = null;
    this.setRing(freshRing(this.getState().ring.gpus));
  }

  /**
   * Plays or pauses; playing from the end starts over. Under reduced motion nothing moves, so
   * this does one step instead.
   */
  togglePlay(): void {
    const { ring, reducedMotion } = this.getState();
    if (reducedMotion) {
      this.stepForward();
      return;
    }
    this.lastTick = null;
    if (ring.playing) {
      this.setRing({ ...ring, playing: false });
      return;
    }
    const atEnd = ring.done >= ringSteps(ring.gpus);
    this.setRing(atEnd ? { ...freshRing(ring.gpus), playing: true } : { ...ring, playing: true });
  }

  /** Whether the ring is moving (the view asks for frames while it is). */
  isAnimating(): boolean {
    return this.getState().ring.playing;
  }

  /** Advances the ring to the clock's time. */
  tick(): void {
    const { ring } = this.getState();
    if (!ring.playing) return;
    const now = this.deps.now();
    const seconds = this.lastTick === null ? 0 : Math.max(0, Math.min(0.1, now - this.lastTick));
    this.lastTick = now;
    if (seconds === 0) return;
    const last = ringSteps(ring.gpus);
    let done = ring.done;
    let progress = ring.progress + seconds / SECONDS_PER_RING_STEP;
    while (progress >= 1 && done < last) {
      done += 1;
      progress -= 1;
    }
    const finished = done >= last;
    this.setRing({
      ...ring,
      done,
      progress: finished ? 0 : progress,
      playing: !finished,
    });
  }

  override dispose(): void {
    this.lastTick = null;
    const { ring } = this.getState();
    if (ring.playing) this.setRing({ ...ring, playing: false });
  }

  private setRing(ring: RingPlayback): void {
    if (!ring.playing) this.lastTick = null;
    this.patchState({ ring });
  }
}
