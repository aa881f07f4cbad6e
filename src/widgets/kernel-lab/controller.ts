/**
 * The kernel lab's controller: runs kernels and roof measurements on the learner's GPU through
 * injected dependencies, keeps the latest result of each kernel, and turns every failure
 * (no WebGPU, a lost device, a shader or allocation error, a cancel) into a message while
 * staying ready for the next run. No DOM, no WebGPU: tests drive it with fakes.
 */
import type { DeviceRoofs } from '../../gpu';
import type { LabProgress, LabRunRequest, LabRunResult } from '../../gpu';
import { describeSize, LAB_KERNEL_IDS, LAB_KERNELS, type LabKernelId } from '../../gpu';
import { describeF32Check, type AdapterFacts as BaseAdapterFacts } from '../../gpu';
import { WidgetController } from '../../store/widget-controller';
import type { WidgetStatus } from '../../ui/frame/status';
import type { MeasuredKernel } from './compare';

/** What the lab shows about the adapter: the shared facts, and whether it has timestamps. */
export interface AdapterFacts extends BaseAdapterFacts {
  /** Whether the device times batches with GPU timestamps. */
  timestampQuery: boolean;
}

/** The learner's GPU, as the lab uses it. */
export interface LabGpu {
  adapter: AdapterFacts;
  run(
    request: LabRunRequest,
    onProgress: (progress: LabProgress) => void,
    signal: AbortSignal,
  ): Promise<LabRunResult>;
  measureRoofs(onProgress: (fraction: number) => void, signal: AbortSignal): Promise<DeviceRoofs>;
}

/** Everything the controller needs from outside; injected so tests can fake it. */
export interface KernelLabDeps {
  /** The GPU, acquired (or re-acquired after a loss) on each call. */
  getGpu(): Promise<{ ok: true; gpu: LabGpu } | { ok: false; message: string }>;
}

/** The device's roofs as the lab shows them. */
export interface MeasuredRoofs {
  /** Copy kernel, read + write bytes per second. */
  memoryBytesPerSecond: number;
  /** copyBufferToBuffer, read + write bytes per second. */
  copyEngineBytesPerSecond: number;
  /** FMA kernel. */
  flopsPerSecond: number;
  /** True when all three outputs matched their references. */
  verified: boolean;
  method: MeasuredKernel['method'];
}

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
  /** Information for the learner (a size reduced, a run cancelled). */
  notice: string | null;
  /** What went wrong in the last run. */
  error: string | null;
}

/** A lab result as the lab keeps it. */
export function measuredFrom(result: LabRunResult): MeasuredKernel {
  return {
    kernel: result.kernel,
    size: result.size,
    descriptor: result.plan.descriptor,
    medianSeconds: result.measurement.medianSeconds,
    relativeSpread: result.measurement.relativeSpread,
    samples: result.measurement.samples,
    repeatsPerBatch: result.measurement.repeatsPerBatch,
    method: result.measurement.method,
    bytesPerSecond: result.bytesPerSecond,
    flopsPerSecond: result.flopsPerSecond,
    verified: result.check.ok,
    checkText: describeF32Check(result.check),
  };
}

/** The device roofs as the lab keeps them. */
export function roofsFrom(roofs: DeviceRoofs): MeasuredRoofs {
  const all = [roofs.memory.measurement, roofs.copyEngine.measurement, roofs.compute.measurement];
  return {
    memoryBytesPerSecond: roofs.memory.bytesPerSecond,
    copyEngineBytesPerSecond: roofs.copyEngine.bytesPerSecond,
    flopsPerSecond: roofs.compute.flopsPerSecond,
    verified: roofs.memory.check.ok && roofs.copyEngine.check.ok && roofs.compute.check.ok,
    method: all.every((m) => m.method === 'timestamp-query') ? 'timestamp-query' : 'completion',
  };
}

/** Words for a stage of a run, for the progress bar. */
const STAGE_WORDS: Record<LabProgress['stage'], string> = {
  prepare: 'compiling and uploading',
  'warm-up': 'warming up',
  calibrate: 'sizing batches to 10 ms',
  sample: 'timing batches',
  verify: 'checking against the CPU',
};

/** The message of an error, with the lab's reassurance that it can run again. */
function failureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  const sentence = /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
  return `${sentence} Nothing needs reloading: change the size or run again.`;
}

/** Runs lab work one job at a time and reports state to subscribers. */
export class KernelLabController extends WidgetController<KernelLabState> {
  private abort: AbortController | null = null;

  constructor(private readonly deps: KernelLabDeps) {
    super({
      status: 'idle',
      activity: null,
      adapter: null,
      unavailable: null,
      results: [],
      latest: null,
      roofs: null,
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
    this.abort?.abort(new DOMException('The run was cancelled.', 'AbortError'));
  }

  /** Runs one kernel at one size; the latest result of that kernel replaces the previous. */
  async run(request: LabRunRequest): Promise<void> {
    const label = `${LAB_KERNELS[request.kernel].label}, ${describeSize(request.kernel, request.size)}`;
    await this.job(label, async (gpu, signal) => {
      const result = await gpu.run(
        request,
        (p) => this.progress(`${label}: ${STAGE_WORDS[p.stage]}`, p.fraction),
        signal,
      );
      const measured = measuredFrom(result);
      const others = this.state.results.filter((r) => r.kernel !== measured.kernel);
      const order = (r: MeasuredKernel): number => LAB_KERNEL_IDS.indexOf(r.kernel);
      this.patch({
        results: [...others, measured].sort((a, b) => order(a) - order(b)),
        latest: measured.kernel,
        notice: result.sizeNote,
      });
    });
  }

  /** Measures the device's memory and compute roofs. */
  async measureRoofs(): Promise<void> {
    await this.job('Measuring this GPU’s roofs', async (gpu, signal) => {
      const roofs = await gpu.measureRoofs(
        (fraction) =>
          this.progress('Measuring this GPU’s roofs: copy kernel, copy engine, FMA', fraction),
        signal,
      );
      this.patch({ roofs: roofsFrom(roofs) });
    });
  }

  /** Runs one job with the shared bookkeeping: status, progress, cancel, errors. */
  private async job(
    label: string,
    work: (gpu: LabGpu, signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    if (this.state.status === 'running') return;
    const abort = new AbortController();
    this.abort = abort;
    this.patch({ status: 'running', activity: { label, fraction: 0 }, error: null, notice: null });
    try {
      const acquired = await this.deps.getGpu();
      if (!acquired.ok) {
        this.patch({
          status: 'error',
          activity: null,
          unavailable: acquired.message,
          error: acquired.message,
        });
        return;
      }
      this.patch({ adapter: acquired.gpu.adapter, unavailable: null });
      abort.signal.throwIfAborted();
      await work(acquired.gpu, abort.signal);
      this.patch({ status: 'done', activity: null });
    } catch (error) {
      if (abort.signal.aborted) {
        this.patch({
          status: 'idle',
          activity: null,
          notice: 'Cancelled. The lab is ready again.',
        });
      } else {
        this.patch({ status: 'error', activity: null, error: failureMessage(error) });
      }
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }

  private progress(label: string, fraction: number): void {
    this.patch({ activity: { label, fraction: Math.min(1, Math.max(0, fraction)) } });
  }

  private patch(change: Partial<KernelLabState>): void {
    this.patchState(change);
  }
}
