import { AbortableRun, errorText } from '../../store/measured-run';
import { WidgetController } from '../../store/widget-controller';
import type { Op } from './settings';
import { describeOpSize, sizeWeight } from './sweep';
import type { CrossoverDeps, CrossoverGpu, CrossoverState, SweepPoint, SweepResult } from './types';
import { describeF32Check } from '../../compute/verify-f32';

/** Shortest time between two progress repaints: repaints take CPU time from the work measured. */
export const PROGRESS_INTERVAL_SECONDS = 0.1;

/** What a sweep is asked to do. */
export interface SweepRequest {
  op: Op;
  sizes: readonly number[];
  kernelAlone: boolean;
}

/** The state before any sweep. */
export function initialCrossoverState(): CrossoverState {
  return {
    status: 'idle',
    results: { relu: null, matmul: null },
    progress: null,
    adapter: null,
    gpuUnavailable: null,
    notice: null,
    error: null,
  };
}

/** A point's side is plotted only when its output matched the CPU reference. */
export function verifiedSeconds(
  side: { seconds: number; check: { ok: boolean } } | null,
): number | null {
  return side && side.check.ok ? side.seconds : null;
}

/**
 * Runs a size sweep: at each size the CPU workers, then the GPU round trip (one after the other,
 * so they do not compete for the same cores), each checked against the CPU reference. Results
 * appear size by size; Cancel stops between runs and keeps what was measured.
 */
export class CrossoverController extends WidgetController<CrossoverState> {
  private readonly runs = new AbortableRun();
  private lastPaint = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: CrossoverDeps) {
    super(initialCrossoverState());
  }

  /** Stops a sweep in progress; the view calls it when it goes away. */
  override dispose(): void {
    this.cancel();
  }

  /** Cancels the running sweep, keeping the sizes already measured. */
  cancel(): void {
    this.runs.cancel();
  }

  /** Runs a sweep; resolves when it has finished, failed or been cancelled. */
  async run(request: SweepRequest): Promise<void> {
    if (this.getState().status === 'running') return;
    if (request.sizes.length === 0) {
      this.patchState({ error: 'There are no sizes to measure.', status: 'error' });
      return;
    }
    const { op } = request;
    const result: SweepResult = { op, sizes: [...request.sizes], points: [], complete: false };
    this.patchState({
      status: 'running',
      results: { ...this.getState().results, [op]: result },
      progress: { fraction: 0, label: 'Starting the sweep…' },
      notice: null,
      error: null,
    });
    const count = request.sizes.length;
    await this.runs.start((signal) => this.sweep(request, result, signal), {
      cancelled: () =>
        this.finish(
          result,
          'idle',
          `Sweep cancelled after ${result.points.length} of ${count} size${count === 1 ? '' : 's'}; what was measured stays on the plot.`,
        ),
      failed: (message) => this.finish(result, 'error', null, message),
    });
  }

  /** Measures every size in turn into `result`, publishing each point as it is measured. */
  private async sweep(
    request: SweepRequest,
    result: SweepResult,
    signal: AbortSignal,
  ): Promise<void> {
    const { op } = request;
    const weights = request.sizes.map((s) => sizeWeight(op, s));
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    let doneWeight = 0;
    let gpu: CrossoverGpu | null = null;
    for (const [index, size] of request.sizes.entries()) {
      signal.throwIfAborted();
      const weight = weights[index] ?? 0;
      const step = (part: number, share: number, label: string): void => {
        const fraction = (doneWeight + weight * (part * 0.5 + share * 0.5)) / totalWeight;
        this.paintProgress(fraction, `${label} (${index + 1} of ${request.sizes.length})`);
      };
      const point: SweepPoint = { size, cpu: null, gpu: null, note: null };
      const notes: string[] = [];
      const what = describeOpSize(op, size);
      step(0, 0, `Your CPU: ${what}`);
      try {
        point.cpu = await this.deps.measureCpu(
          op,
          size,
          (f) => step(0, f, `Your CPU: ${what}`),
          signal,
        );
        if (!point.cpu.check.ok) notes.push(`CPU: ${describeF32Check(point.cpu.check)}`);
      } catch (error) {
        if (signal.aborted) throw error;
        notes.push(`CPU failed: ${errorText(error)}`);
      }
      signal.throwIfAborted();
      gpu ??= await this.acquire();
      if (gpu.ok) {
        step(1, 0, `Your GPU: ${what}`);
        try {
          point.gpu = await gpu.measure(
            op,
            size,
            request.kernelAlone,
            (f) => step(1, f, `Your GPU: ${what}`),
            signal,
          );
          if (!point.gpu.check.ok) notes.push(`GPU: ${describeF32Check(point.gpu.check)}`);
          if (point.gpu.size !== size) {
            notes.push(`GPU ran ${describeOpSize(op, point.gpu.size)}: the device allows no more`);
          }
        } catch (error) {
          if (signal.aborted) throw error;
          notes.push(`GPU failed: ${errorText(error)}`);
        }
      }
      signal.throwIfAborted();
      point.note = notes.length > 0 ? notes.join('; ') : null;
      doneWeight += weight;
      result.points = [...result.points, point];
      this.publish(result, { fraction: doneWeight / totalWeight, label: `Measured ${what}` });
    }
    result.complete = true;
    this.finish(result, 'done', null);
  }

  /** Acquires the GPU once per sweep and records what it is (or why there is none). */
  private async acquire(): Promise<CrossoverGpu> {
    const gpu = await this.deps.getGpu();
    this.patchState(
      gpu.ok
        ? { adapter: gpu.adapter, gpuUnavailable: null }
        : { adapter: null, gpuUnavailable: gpu.message },
    );
    return gpu;
  }

  private paintProgress(fraction: number, label: string): void {
    const now = this.deps.now();
    if (now - this.lastPaint < PROGRESS_INTERVAL_SECONDS) return;
    this.lastPaint = now;
    this.patchState({ progress: { fraction: Math.min(1, Math.max(0, fraction)), label } });
  }

  private publish(result: SweepResult, progress: CrossoverState['progress']): void {
    this.lastPaint = this.deps.now();
    this.patchState({
      results: { ...this.getState().results, [result.op]: { ...result } },
      progress,
    });
  }

  private finish(
    result: SweepResult,
    status: CrossoverState['status'],
    notice: string | null,
    error: string | null = null,
  ): void {
    this.patchState({
      status,
      results: { ...this.getState().results, [result.op]: { ...result } },
      progress: null,
      notice,
      error,
    });
  }
}
