/**
 * The async timing demo's controller: gets the learner's GPU, times single submissions of the
 * matmul (the first run, then warm runs, each shown as it ends), turns the readings into the
 * report and its findings, and turns every failure (no WebGPU, a lost device, an output that
 * does not match, a cancel) into a message while staying ready for the next run. WebGPU comes
 * in through injected dependencies, so tests drive it with fakes.
 */
import type { SubmitReadings, TimestampSupport } from '../../gpu';
import { AbortableRun, asSentence } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import {
  buildReport,
  matmulSizeFor,
  runTimings,
  type RunTimings,
  type TimingReport,
} from './model';
import { readReport, type Finding } from './reading';
import type { SizeChoice } from './settings';

/** What the demo shows about the adapter. */
export interface TimingAdapter {
  /** "google · swiftshader", "nvidia · ampere". */
  description: string;
  fallback: boolean;
  timestamps: TimestampSupport;
}

/** The runs of one press of Run, as the runtime returns them. */
export interface TimedRuns {
  /** The matrix size that ran. */
  n: number;
  /** FLOPs of one run. */
  flops: number;
  readings: SubmitReadings[];
  timestamps: TimestampSupport;
  compiledPipeline: boolean;
  /** Whether the last output matched the CPU reference, and how that check went, in words. */
  verified: boolean;
  checkText: string;
}

/** The learner's GPU, as the demo uses it. */
export interface TimingTarget {
  adapter: TimingAdapter;
  /** Times `runs` submissions of an n × n × n matmul; `onRun` hears each as it ends. */
  time(
    n: number,
    runs: number,
    onRun: (readings: SubmitReadings, index: number) => void,
    signal: AbortSignal,
  ): Promise<TimedRuns>;
}

/** What the controller needs from outside. */
export interface AsyncTimingDeps {
  /** Whether this browser has WebGPU at all (checked before any run). */
  webgpuPresent(): boolean;
  /** The GPU, acquired (or re-acquired after a loss) on each run. */
  acquire(): Promise<{ ok: true; target: TimingTarget } | { ok: false; message: string }>;
}

/** A finished set of runs. */
export interface TimingResult {
  n: number;
  report: TimingReport;
  findings: Finding[];
  compiledPipeline: boolean;
  checkText: string;
}

/** Everything the demo shows. */
export interface AsyncTimingState {
  status: WidgetStatus;
  adapter: TimingAdapter | null;
  /** Why there is no GPU to time, when there is none. */
  unavailable: string | null;
  /** Runs done out of runs asked for, while running. */
  progress: { done: number; total: number } | null;
  /** The runs so far, each as it ended, while running (not yet checked against the CPU). */
  live: RunTimings[];
  result: TimingResult | null;
  /** Information (a size reduced, a run cancelled). */
  notice: string | null;
  /** What went wrong in the last run. */
  error: string | null;
}

/** Shown before any run when the browser has no WebGPU. */
export const NO_WEBGPU_TEXT =
  'This browser has no WebGPU, so there is no GPU here to time. Everything below about PyTorch ' +
  'still holds on a CUDA GPU; open this page in a browser with WebGPU (recent Chrome or Edge ' +
  'on desktop, for example) to watch the three clocks disagree on your own device.';

/** A failure's text as a sentence, with the reassurance that the demo can run again. */
function failureMessage(message: string): string {
  return `${asSentence(message)} Nothing needs reloading: run it again.`;
}

/** Runs the demo and publishes its state. */
export class AsyncTimingController extends WidgetController<AsyncTimingState> {
  private readonly runs = new AbortableRun();

  constructor(private readonly deps: AsyncTimingDeps) {
    super({
      status: 'idle',
      adapter: null,
      unavailable: deps.webgpuPresent() ? null : NO_WEBGPU_TEXT,
      progress: null,
      live: [],
      result: null,
      notice: null,
      error: null,
    });
  }

  /** Times a first run and `warmRuns` warm runs of the matmul `choice` asks for. */
  async run(choice: SizeChoice, warmRuns: number): Promise<void> {
    if (this.getState().status === 'running') return;
    const total = warmRuns + 1;
    this.patchState({
      status: 'running',
      progress: { done: 0, total },
      live: [],
      result: null,
      notice: null,
      error: null,
    });
    const stopped = { progress: null, live: [] };
    await this.runs.start((signal) => this.time(choice, total, signal), {
      cancelled: () =>
        this.patchState({
          ...stopped,
          status: 'idle',
          notice: 'Cancelled between runs. Run it again whenever you like.',
          error: null,
        }),
      failed: (message) =>
        this.patchState({
          ...stopped,
          status: 'error',
          notice: null,
          error: failureMessage(message),
        }),
    });
  }

  /** Stops a running set of runs before the next one starts. */
  cancel(): void {
    this.runs.cancel();
  }

  /** Stops whatever runs; the view calls it when it goes away. */
  override dispose(): void {
    this.cancel();
  }

  private async time(choice: SizeChoice, total: number, signal: AbortSignal): Promise<void> {
    const acquired = await this.deps.acquire();
    if (!acquired.ok) {
      this.patchState({ status: 'error', progress: null, unavailable: acquired.message });
      return;
    }
    const { target } = acquired;
    const size = matmulSizeFor(choice, target.adapter.fallback);
    this.patchState({ adapter: target.adapter, unavailable: null, notice: size.note });
    signal.throwIfAborted();
    const timed = await target.time(
      size.n,
      total,
      (readings, index) =>
        this.patchState({
          live: [...this.getState().live, runTimings(readings, index)],
          progress: { done: index + 1, total },
        }),
      signal,
    );
    if (!timed.verified) {
      this.patchState({
        status: 'error',
        progress: null,
        live: [],
        error: `The matmul's output did not match the CPU reference (${timed.checkText}), so its times are not shown. Nothing needs reloading: run it again.`,
      });
      return;
    }
    const report = buildReport(timed.readings, timed.timestamps);
    const findings = readReport(report, {
      flops: timed.flops,
      fallback: target.adapter.fallback,
      compiledPipeline: timed.compiledPipeline,
    });
    this.patchState({
      status: 'done',
      progress: null,
      result: {
        n: timed.n,
        report,
        findings,
        compiledPipeline: timed.compiledPipeline,
        checkText: timed.checkText,
      },
    });
  }
}
