/**
 * The "Measure my device" controller: gets a GPU, runs the bandwidth measurement over the
 * planned sizes and keeps the points as they arrive. Its outside world (WebGPU, the clock) is
 * injected, so it is tested with fakes; browser-bench.ts wires the real one.
 */
import type { BandwidthPoint } from '../../gpu';
import { AbortableRun, MEASUREMENT_CANCELLED, measurementFailed } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';

/** A GPU ready to be measured. */
export interface BenchTarget {
  description: string;
  fallback: boolean;
  maxBufferSize: number;
  measure(
    sizes: readonly number[],
    onPoint: (p: BandwidthPoint) => void,
    signal: AbortSignal,
  ): Promise<void>;
}

/** What the controller needs from outside. */
export interface BenchDeps {
  acquire(): Promise<{ ok: true; target: BenchTarget } | { ok: false; message: string }>;
  plan(maxBytes: number, maxBufferSize: number): number[];
}

/** Everything the measurement panel shows. */
export interface BenchState {
  status: WidgetStatus;
  points: BandwidthPoint[];
  /** Sizes planned for the current run. */
  sizes: number[];
  adapter: { description: string; fallback: boolean } | null;
  message: string | null;
}

const INITIAL: BenchState = { status: 'idle', points: [], sizes: [], adapter: null, message: null };

/** Runs measurements and publishes their state to subscribers. */
export class BenchController extends WidgetController<BenchState> {
  private readonly runs = new AbortableRun();

  constructor(private readonly deps: BenchDeps) {
    super(INITIAL);
  }

  private get state(): BenchState {
    return this.getState();
  }

  /** Stops a running measurement; the view calls it when it goes away. */
  override dispose(): void {
    this.cancel();
  }

  /** Measures every planned size up to `maxBytes`. */
  async run(maxBytes: number): Promise<void> {
    if (this.state.status === 'running') return;
    this.set({ ...INITIAL, status: 'running', message: 'Getting the GPU…' });
    await this.runs.start((signal) => this.measure(maxBytes, signal), {
      cancelled: () => this.set({ ...this.state, status: 'idle', message: MEASUREMENT_CANCELLED }),
      failed: (message) =>
        this.set({ ...this.state, status: 'error', message: measurementFailed(message) }),
    });
  }

  /** Stops a running measurement after the current transfer. */
  cancel(): void {
    this.runs.cancel();
  }

  private async measure(maxBytes: number, signal: AbortSignal): Promise<void> {
    const acquired = await this.deps.acquire();
    if (!acquired.ok) {
      this.set({ ...this.state, status: 'error', message: acquired.message });
      return;
    }
    const { target } = acquired;
    const sizes = this.deps.plan(maxBytes, target.maxBufferSize);
    const adapter = { description: target.description, fallback: target.fallback };
    this.set({ ...this.state, sizes, adapter, message: 'Measuring…' });
    await target.measure(
      sizes,
      (point) => this.set({ ...this.state, points: [...this.state.points, point] }),
      signal,
    );
    const unverified = this.state.points.some((p) => !p.verified);
    this.set({
      ...this.state,
      status: unverified ? 'error' : 'done',
      message: unverified
        ? 'Some bytes read back differed from what was written: the readings are not trustworthy.'
        : null,
    });
  }

  private set(next: BenchState): void {
    this.replaceState(next);
  }
}
