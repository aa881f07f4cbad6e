/**
 * The warp view's controller: gets the learner's GPU, measures the strided read at each of
 * MEASURED_STRIDES and the divergent branch under each rule, one launch size at a time, and
 * shows a time only once that launch's output matched its CPU reference. Every failure (no
 * WebGPU, a lost device, a mismatch, a cancel) becomes a message, ready for the next run.
 * WebGPU comes in through injected dependencies, so tests drive it with fakes.
 */
import { BRANCH_KINDS, type BranchKind } from '../../compute/divergence-reference';
import { AbortableRun, asSentence, MEASUREMENT_CANCELLED } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import { MEASURED_STRIDES, type BranchReading, type StrideReading } from './measured';

/** The adapter, as the view describes it. */
export interface WarpAdapter {
  /** "google · swiftshader", "nvidia · ampere". */
  description: string;
  fallback: boolean;
}

/** One measured launch: its median time, whether it matched the CPU, and that check in words. */
export interface CheckedTime {
  seconds: number;
  /** Reads or invocations per launch. */
  count: number;
  verified: boolean;
  checkText: string;
}

/** The learner's GPU, as the view uses it. */
export interface WarpTarget {
  adapter: WarpAdapter;
  stridedRead(stride: number, signal: AbortSignal): Promise<CheckedTime>;
  divergence(kind: BranchKind, signal: AbortSignal): Promise<CheckedTime>;
}

/** What the controller needs from outside. */
export interface WarpDeps {
  /** Whether this browser has WebGPU at all (checked before any run). */
  webgpuPresent(): boolean;
  /** The GPU, acquired (or re-acquired after a loss) on each run. */
  acquire(): Promise<{ ok: true; target: WarpTarget } | { ok: false; message: string }>;
}

/** Everything the view shows about the measurements. */
export interface WarpState {
  status: WidgetStatus;
  adapter: WarpAdapter | null;
  /** Why there is nothing to measure on, when there is nothing. */
  unavailable: string | null;
  /** Launches measured out of launches planned, while running. */
  progress: { done: number; total: number } | null;
  strides: StrideReading[];
  branches: BranchReading[];
  /** Reads per strided launch and invocations per branch launch of the last run. */
  counts: { strided: number; branch: number } | null;
  notice: string | null;
  error: string | null;
}

/** Shown before any run when the browser has no WebGPU. */
export const NO_WEBGPU_TEXT =
  'This browser has no WebGPU, so nothing here can be measured. The counts above still hold on ' +
  'every NVIDIA GPU; open the page in a browser with WebGPU (recent Chrome or Edge on desktop) ' +
  'to time the strided read and the branch on your own device.';

/** Launches one run makes. */
export const LAUNCHES_PER_RUN = MEASURED_STRIDES.length + BRANCH_KINDS.length;

/** Runs the measurements and publishes their state. */
export class WarpController extends WidgetController<WarpState> {
  private readonly runs = new AbortableRun();

  constructor(private readonly deps: WarpDeps) {
    super({
      status: 'idle',
      adapter: null,
      unavailable: deps.webgpuPresent() ? null : NO_WEBGPU_TEXT,
      progress: null,
      strides: [],
      branches: [],
      counts: null,
      notice: null,
      error: null,
    });
  }

  /** Measures every stride and every branch rule. */
  async run(): Promise<void> {
    if (this.getState().status === 'running') return;
    this.patchState({
      status: 'running',
      progress: { done: 0, total: LAUNCHES_PER_RUN },
      strides: [],
      branches: [],
      counts: null,
      notice: null,
      error: null,
    });
    await this.runs.start((signal) => this.measure(signal), {
      cancelled: () =>
        this.patchState({ status: 'idle', progress: null, notice: MEASUREMENT_CANCELLED }),
      failed: (message) =>
        this.patchState({
          status: 'error',
          progress: null,
          error: `${asSentence(message)} Nothing needs reloading: measure again.`,
        }),
    });
  }

  /** Stops a run between launches. */
  cancel(): void {
    this.runs.cancel();
  }

  /** Stops whatever runs; the view calls it when it goes away. */
  override dispose(): void {
    this.runs.stop();
  }

  private async measure(signal: AbortSignal): Promise<void> {
    const acquired = await this.deps.acquire();
    if (!acquired.ok) {
      this.patchState({ status: 'error', progress: null, unavailable: acquired.message });
      return;
    }
    const { target } = acquired;
    this.patchState({ adapter: target.adapter, unavailable: null });
    let done = 0;
    let strided = 0;
    let branch = 0;
    for (const stride of MEASURED_STRIDES) {
      signal.throwIfAborted();
      const time = await target.stridedRead(stride, signal);
      if (!this.accept(time, `the strided read at stride ${stride}`)) return;
      strided = time.count;
      done++;
      this.patchState({
        strides: [...this.getState().strides, { stride, count: time.count, seconds: time.seconds }],
        progress: { done, total: LAUNCHES_PER_RUN },
      });
    }
    for (const kind of BRANCH_KINDS) {
      signal.throwIfAborted();
      const time = await target.divergence(kind, signal);
      if (!this.accept(time, `the ${kind} branch`)) return;
      branch = time.count;
      done++;
      this.patchState({
        branches: [...this.getState().branches, { kind, seconds: time.seconds }],
        progress: { done, total: LAUNCHES_PER_RUN },
      });
    }
    this.patchState({ status: 'done', progress: null, counts: { strided, branch } });
  }

  /** True when the launch matched its reference; otherwise says so and ends the run. */
  private accept(time: CheckedTime, what: string): boolean {
    if (time.verified) return true;
    this.patchState({
      status: 'error',
      progress: null,
      error: `The output of ${what} did not match the CPU reference (${time.checkText}), so no time is shown for it. Nothing needs reloading: measure again.`,
    });
    return false;
  }
}
