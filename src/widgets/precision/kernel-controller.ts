/**
 * "Run it on my GPU": gets a device, measures the f32 twin and (where the device has
 * "shader-f16") the f16 matmul, and keeps each verified result as it arrives. WebGPU is
 * injected, so tests drive it with fakes; browser-deps.ts wires the real one.
 */
import { AbortableRun, MEASUREMENT_CANCELLED, measurementFailed } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';

/** The two arithmetic precisions measured. */
export type KernelVariant = 'f32' | 'f16';

/** One measured, checked run, as plain data. */
export interface KernelResult {
  variant: KernelVariant;
  n: number;
  /** Median seconds per run. */
  medianSeconds: number;
  /** How the harness timed it ('timestamp-query' or 'completion'). */
  timing: string;
  flopsPerSecond: number;
  maxAbsError: number;
  /** Largest error over the largest exact value. */
  relativeError: number;
  /** Whether every checked element was within the variant's rounding bound. */
  verified: boolean;
  /** One line on the check. */
  checkText: string;
}

/** Whether the device can run f16 WGSL, and if not, why. */
export type F16Support = { available: true } | { available: false; reason: string };

/** A device ready to measure on. */
export interface KernelTarget {
  adapter: { description: string; fallback: boolean };
  f16: F16Support;
  measure(variant: KernelVariant, n: number, signal: AbortSignal): Promise<KernelResult>;
  /** Frees what acquiring made for this widget alone (a device of its own). */
  release(): void;
}

/** What the controller needs from outside. */
export interface KernelDeps {
  acquire(): Promise<{ ok: true; target: KernelTarget } | { ok: false; message: string }>;
}

/** Everything the kernel part shows. */
export interface KernelState {
  status: WidgetStatus;
  message: string | null;
  adapter: { description: string; fallback: boolean } | null;
  f16: F16Support | null;
  results: KernelResult[];
}

const INITIAL: KernelState = {
  status: 'idle',
  message: null,
  adapter: null,
  f16: null,
  results: [],
};

/** Runs the measurement and publishes its state. */
export class KernelController extends WidgetController<KernelState> {
  private readonly runs = new AbortableRun();
  private target: KernelTarget | null = null;

  constructor(private readonly deps: KernelDeps) {
    super(INITIAL);
  }

  /** Measures both variants at size n (f16 only where the device has it). */
  async run(n: number): Promise<void> {
    if (this.getState().status === 'running') return;
    this.replaceState({ ...INITIAL, status: 'running', message: 'Getting the GPU…' });
    await this.runs.start((signal) => this.measure(n, signal), {
      cancelled: () => this.patchState({ status: 'idle', message: MEASUREMENT_CANCELLED }),
      failed: (message) => {
        this.dropTarget(); // a failed device is not reused: the next run asks again
        this.patchState({ status: 'error', message: measurementFailed(message) });
      },
    });
  }

  /** Stops a running measurement between batches. */
  cancel(): void {
    this.runs.cancel();
  }

  /** Stops and frees everything; the view calls it when it goes away. */
  override dispose(): void {
    this.cancel();
    this.dropTarget();
  }

  private async measure(n: number, signal: AbortSignal): Promise<void> {
    if (!this.target) {
      const acquired = await this.deps.acquire();
      if (!acquired.ok) {
        this.patchState({ status: 'error', message: acquired.message });
        return;
      }
      this.target = acquired.target;
    }
    const target = this.target;
    this.patchState({ adapter: target.adapter, f16: target.f16 });
    const variants: KernelVariant[] = target.f16.available ? ['f32', 'f16'] : ['f32'];
    for (const variant of variants) {
      this.patchState({ message: `Measuring the ${variant} matmul (${n} × ${n})…` });
      const result = await target.measure(variant, n, signal);
      this.patchState({ results: [...this.getState().results, result] });
    }
    const unverified = this.getState().results.some((r) => !r.verified);
    this.patchState({
      status: unverified ? 'error' : 'done',
      message: unverified
        ? 'A result was outside its rounding bound: that run is not trustworthy.'
        : null,
    });
  }

  private dropTarget(): void {
    this.target?.release();
    this.target = null;
  }
}
