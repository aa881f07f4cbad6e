/**
 * The kernel lab's controller: runs kernels and roof measurements on the learner's GPU through
 * injected dependencies, keeps the latest result of each kernel, and turns every failure
 * (no WebGPU, a lost device, a shader or allocation error, a cancel) into a message while
 * staying ready for the next run. No DOM, no WebGPU: tests drive it with fakes.
 */
import type { MeasuredDevice } from '../../engine/models';
import type { DeviceRoofs, RoofProgress } from '../../gpu';
import { describeSize, LAB_KERNEL_IDS, LAB_KERNELS, type LabKernelId } from '../../gpu';
import type { AdapterFacts as BaseAdapterFacts } from '../../gpu';
import type { LabSize } from '../../gpu';
import { AbortableRun, asSentence } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import type { MeasuredKernel } from './compare';
import { forecastDescriptor, forecastRun, labDeviceModel, type Forecast } from './device-model';
import { sameSize } from './draft';
import { LAUNCH_PROBE, measuredFrom, roofsFrom, type MeasuredRoofs } from './lab-results';
import type { LabProgress, LabRunRequest, LabRunResult } from './lab-run';
import { MATMUL_STEPS } from './matmul-steps';
import { appendRun, type PredictionRow } from './prediction-record';

/** What the lab shows about the adapter: the shared facts, and whether it has timestamps. */
export interface AdapterFacts extends BaseAdapterFacts {
  /** Whether the device times batches with GPU timestamps. */
  timestampQuery: boolean;
  /** Whether the f16 tensor-core matmul can run here, and if not, why (absent: not known). */
  tensorCores?: string;
}

/** The learner's GPU, as the lab uses it. */
export interface LabGpu {
  adapter: AdapterFacts;
  run(
    request: LabRunRequest,
    onProgress: (progress: LabProgress) => void,
    signal: AbortSignal,
  ): Promise<LabRunResult>;
  /** Measures the roofs; `onProgress` hears the share done and the roof being measured. */
  measureRoofs(
    onProgress: (fraction: number, step?: RoofProgress['step']) => void,
    signal: AbortSignal,
  ): Promise<DeviceRoofs>;
}

/** Everything the controller needs from outside; injected so tests can fake it. */
export interface KernelLabDeps {
  /** The GPU, acquired (or re-acquired after a loss) on each call. */
  getGpu(): Promise<{ ok: true; gpu: LabGpu } | { ok: false; message: string }>;
  /**
   * Calls `expire` after `seconds` unless the returned function is called first (the deadline
   * of a job); setTimeout by default, a fake in tests.
   */
  startTimer?(seconds: number, expire: () => void): () => void;
}

/**
 * Longest a kernel run may take, in seconds, before the lab stops it and says why (the roofs,
 * four measurements, get four times as long). The timing harness ends its own work within
 * about 15 s plus a batch; this bounds what it cannot: batches waiting behind other work on the
 * GPU (another widget or tab, which a software adapter runs on the same CPU cores) and a
 * device that takes too long to start.
 */
export const RUN_DEADLINE_SECONDS = 90;

/** Why a job stopped at its deadline. */
export function deadlineMessage(seconds: number): string {
  return (
    `Stopped after ${seconds} s: the GPU had not finished this work. It may be busy with other ` +
    'work (another widget or tab; a software adapter runs all of it on your CPU), or the size ' +
    'may be too large for it'
  );
}

/** setTimeout as a `startTimer`. */
function startTimeout(seconds: number, expire: () => void): () => void {
  const timer = setTimeout(expire, seconds * 1000);
  return () => clearTimeout(timer);
}

/** Resolves like `promise`, or rejects with `signal`'s reason once it is aborted. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason as Error);
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    }),
  ]);
}

/** The run the model of this device predicted last, as the forecast panel shows it. */
export interface RunForecast {
  kernel: LabKernelId;
  /** The size asked for (a row of the record has the size that ran). */
  size: LabSize;
  /** Made before the run started, from the device model of that moment. */
  forecast: Forecast;
  /** running, then measured (with `row` when it entered the record) or stopped (failed, cancelled). */
  phase: 'running' | 'measured' | 'stopped';
  row: PredictionRow | null;
}

/** Said in place of a prediction when the roofs were measured but an output failed its check. */
export const ROOFS_FAILED =
  'No prediction for this device: a roof measurement failed its check, so the roofs cannot describe this device. Measure them again.';

/** Share of the roof measurement's progress bar given to the three roofs (the rest: the probe). */
const ROOFS_SHARE = 0.9;

/** The roof being measured, in words (1 to 3 of the three, then the launch probe). */
const ROOF_STEP_WORDS: Record<RoofProgress['step'], string> = {
  memory: 'memory roof, 1 of 3 (the copy kernel)',
  'copy-engine': 'copy engine, 2 of 3 (copyBufferToBuffer)',
  compute: 'compute roof, 3 of 3 (the FMA kernel)',
};

/** A bar for the work in progress. */
export interface Activity {
  label: string;
  /** 0..1. */
  fraction: number;
}

/** The whole visible state of the lab. */
export interface KernelLabState {
  status: WidgetStatus;
  activity: Activity | null;
  adapter: AdapterFacts | null;
  /** Why there is no GPU to measure, when there is none. */
  unavailable: string | null;
  /** The latest result of each kernel, in the lab's kernel order. */
  results: MeasuredKernel[];
  /** The kernel run last, whose reading is shown. */
  latest: LabKernelId | null;
  roofs: MeasuredRoofs | null;
  /** The engine's model of this device, built from verified roofs; null before that. */
  deviceModel: MeasuredDevice | null;
  /** The current or last run as the device model predicted it. */
  forecast: RunForecast | null;
  /** Every predicted run of this page session, oldest first (not persisted). */
  record: PredictionRow[];
  /** What the last job started was: a kernel run or the roof measurement. */
  lastJob: 'run' | 'roofs' | null;
  /** Information for the learner (a size reduced, a run cancelled). */
  notice: string | null;
  /** What went wrong in the last run. */
  error: string | null;
}

/** Runs, in words: "1 run", "40 runs". */
function runsText(repeats: number | undefined): string {
  const n = repeats ?? 1;
  return `${n.toLocaleString('en-US')} run${n === 1 ? '' : 's'}`;
}

/**
 * What a run is doing, for the progress bar: compiling, waiting for work queued before it,
 * warming up, sizing batches, timing batch k of n, checking.
 */
export function stageWords(p: LabProgress): string {
  switch (p.stage) {
    case 'prepare':
      return 'compiling the kernel and uploading its input';
    case 'wait':
      return 'waiting for GPU work queued before it (other widgets and tabs share the GPU)';
    case 'warm-up':
      return 'warming up (one untimed run)';
    case 'calibrate':
      return `sizing batches to 10 ms (trying ${runsText(p.repeats)} a batch)`;
    case 'sample':
      return p.batch !== undefined && p.batches !== undefined
        ? `timing batch ${p.batch} of at most ${p.batches} (${runsText(p.repeats)} each)`
        : 'timing batches';
    case 'verify':
      return 'checking against the CPU';
  }
}

/** Said when the harness's time limit stopped a run before its usual number of timed batches. */
export const CUT_SHORT =
  'This run hit its time limit before its usual number of timed batches, so its spread is wider than usual. The GPU was slow or busy with other work (another widget or tab; a software adapter runs it all on your CPU): run it again once that is done.';

/** The notice after a run: a size reduced to fit, and a run cut short by its time limit. */
function noticeOf(result: LabRunResult): string | null {
  const notes = [result.sizeNote, result.measurement.cutShort ? CUT_SHORT : null];
  const said = notes.filter((note): note is string => note !== null);
  return said.length > 0 ? said.join(' ') : null;
}

/** The text of a failure, with the lab's reassurance that it can run again. */
function failureMessage(message: string): string {
  return `${asSentence(message)} Nothing needs reloading: change the size or run again.`;
}

/** Runs lab work one job at a time and reports state to subscribers. */
export class KernelLabController extends WidgetController<KernelLabState> {
  private readonly runs = new AbortableRun();

  constructor(private readonly deps: KernelLabDeps) {
    super({
      status: 'idle',
      activity: null,
      adapter: null,
      unavailable: null,
      results: [],
      latest: null,
      roofs: null,
      deviceModel: null,
      forecast: null,
      record: [],
      lastJob: null,
      notice: null,
      error: null,
    });
  }

  private get state(): KernelLabState {
    return this.getState();
  }

  /** Cancels the work in progress; the view calls it when it goes away. */
  override dispose(): void {
    this.cancel();
  }

  /** Cancels the work in progress, if any. */
  cancel(): void {
    this.runs.cancel();
  }

  /**
   * Runs one kernel at one size; the latest result of that kernel replaces the previous. Before
   * the run starts, the model of this device predicts it (or says why it cannot); after it, a
   * predicted run enters the prediction record with its error.
   */
  async run(request: LabRunRequest): Promise<void> {
    const label = `${LAB_KERNELS[request.kernel].label}, ${describeSize(request.kernel, request.size)}`;
    // The forecast this run showed, kept to mark it stopped if the run does not finish.
    const shown: { forecast: RunForecast | null } = { forecast: null };
    await this.job('run', label, async (gpu, signal) => {
      const started: RunForecast = {
        ...request,
        forecast: this.forecastOf(request),
        phase: 'running',
        row: null,
      };
      shown.forecast = started;
      this.patch({ forecast: started });
      const result = await gpu.run(
        request,
        (p) => this.progress(`${label}: ${stageWords(p)}`, p.fraction),
        signal,
      );
      const measured = measuredFrom(result);
      const others = this.state.results.filter((r) => r.kernel !== measured.kernel);
      const order = (r: MeasuredKernel): number => LAB_KERNEL_IDS.indexOf(r.kernel);
      const recorded = this.recordRun(started.forecast, request, measured);
      this.patch({
        results: [...others, measured].sort((a, b) => order(a) - order(b)),
        latest: measured.kernel,
        notice: noticeOf(result),
        record: recorded.record,
        forecast: { ...started, phase: 'measured', row: recorded.row },
      });
    });
    // A run that failed or was cancelled after its forecast was shown: say it stopped.
    if (shown.forecast !== null && this.state.forecast === shown.forecast) {
      this.patch({ forecast: { ...shown.forecast, phase: 'stopped' } });
    }
  }

  /**
   * Runs the four matmul steps (naive, tiled, register-blocked, tuned) one after another at one
   * shape, stopping at the first that fails or is cancelled.
   */
  async runMatmulSteps(size: LabSize): Promise<void> {
    for (const kernel of MATMUL_STEPS) {
      await this.run({ kernel, size });
      if (this.state.status !== 'done') return;
    }
  }

  /** Empties the prediction record (the device model and the results stay). */
  clearRecord(): void {
    this.patch({
      record: [],
      forecast: this.state.forecast?.phase === 'running' ? this.state.forecast : null,
    });
  }

  /** What the model of this device says about a run before it starts. */
  private forecastOf(request: LabRunRequest): Forecast {
    if (this.state.deviceModel === null && this.state.roofs !== null) {
      return { ok: false, message: ROOFS_FAILED };
    }
    return forecastRun(this.state.deviceModel, request);
  }

  /**
   * The record after a run: a predicted run enters it; when the runner reduced the size to fit,
   * the prediction is redone for the size that ran (the same model, so it still precedes the
   * measurement in everything but the size) and the row says so.
   */
  private recordRun(
    forecast: Forecast,
    request: LabRunRequest,
    measured: MeasuredKernel,
  ): { record: PredictionRow[]; row: PredictionRow | null } {
    const record = this.state.record;
    if (!forecast.ok) return { record, row: null };
    const resized = !sameSize(measured.size, request.size);
    const used = resized
      ? forecastDescriptor(this.state.deviceModel, measured.descriptor)
      : forecast;
    if (!used.ok) return { record, row: null };
    const next = appendRun(record, {
      kernel: measured.kernel,
      size: measured.size,
      predictedSeconds: used.seconds,
      bound: used.bound,
      measuredSeconds: measured.verified ? measured.medianSeconds : null,
      resized,
    });
    return { record: next, row: next.at(-1) ?? null };
  }

  /**
   * Measures the device's memory and compute roofs, then a near-empty dispatch for its launch
   * overhead, and builds the model of this device from them when every output checked out.
   */
  async measureRoofs(): Promise<void> {
    await this.job('roofs', 'Measuring this GPU’s roofs', async (gpu, signal) => {
      const roofs = await gpu.measureRoofs(
        (fraction, step) =>
          this.progress(
            `Measuring this GPU’s roofs: ${step ? ROOF_STEP_WORDS[step] : 'copy kernel, copy engine, FMA'}`,
            fraction * ROOFS_SHARE,
          ),
        signal,
      );
      const probe = await gpu.run(
        LAUNCH_PROBE,
        (p) =>
          this.progress(
            'Measuring this GPU’s roofs: a near-empty dispatch (launch overhead)',
            ROOFS_SHARE + (1 - ROOFS_SHARE) * p.fraction,
          ),
        signal,
      );
      const measured = roofsFrom(roofs, probe);
      this.patch({
        roofs: measured,
        deviceModel: measured.verified ? labDeviceModel(measured, gpu.adapter) : null,
      });
    });
  }

  /**
   * Runs one job with the shared bookkeeping: status, progress, cancel, errors, and its deadline
   * (RUN_DEADLINE_SECONDS), past which it stops as a failure that says why.
   */
  private async job(
    kind: 'run' | 'roofs',
    label: string,
    work: (gpu: LabGpu, signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    if (this.state.status === 'running') return;
    this.patch({
      status: 'running',
      activity: { label: `${label}: asking for the GPU`, fraction: 0 },
      error: null,
      notice: null,
      lastJob: kind,
    });
    const seconds = kind === 'roofs' ? 4 * RUN_DEADLINE_SECONDS : RUN_DEADLINE_SECONDS;
    await this.runs.start(
      async (cancelled) => {
        const deadline = new AbortController();
        const stopTimer = (this.deps.startTimer ?? startTimeout)(seconds, () =>
          deadline.abort(new DOMException(deadlineMessage(seconds), 'TimeoutError')),
        );
        const signal = AbortSignal.any([cancelled, deadline.signal]);
        try {
          const acquired = await untilAborted(this.deps.getGpu(), signal);
          if (!acquired.ok) {
            const { message } = acquired;
            this.patch({ status: 'error', activity: null, unavailable: message, error: message });
            return;
          }
          this.patch({ adapter: acquired.gpu.adapter, unavailable: null });
          signal.throwIfAborted();
          await work(acquired.gpu, signal);
          this.patch({ status: 'done', activity: null });
        } finally {
          stopTimer();
        }
      },
      {
        cancelled: () =>
          this.patch({
            status: 'idle',
            activity: null,
            notice: 'Cancelled. The lab is ready again.',
          }),
        failed: (message) =>
          this.patch({ status: 'error', activity: null, error: failureMessage(message) }),
      },
    );
  }

  private progress(label: string, fraction: number): void {
    this.patch({ activity: { label, fraction: Math.min(1, Math.max(0, fraction)) } });
  }

  private patch(change: Partial<KernelLabState>): void {
    this.patchState(change);
  }
}
