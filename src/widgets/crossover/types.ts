/** The crossover plot's dependencies and visible state. */
import type { AdapterFacts } from '../../gpu';
import type { WidgetStatus } from '../../ui/frame/status';
import type { Op } from './settings';
import type { F32Check } from '../../compute/verify-f32';

export type { AdapterFacts } from '../../gpu';

/** A measured CPU size: seconds per run (median) and the check of its output. */
export interface CpuSample {
  seconds: number;
  check: F32Check;
  workers: number;
}

/** A measured GPU size: seconds per round trip, the kernel alone if asked, and the check. */
export interface GpuSample {
  seconds: number;
  kernelSeconds: number | null;
  check: F32Check;
  /** The size that really ran (a device may have reduced it), elements or n. */
  size: number;
  /** The kernel that ran ("ReLU", "Matmul, naive"). */
  kernelLabel: string;
}

/** Reports a share of one measurement done, 0..1. */
export type ShareProgress = (fraction: number) => void;

/** The learner's GPU, once acquired. */
export type CrossoverGpu =
  | { ok: false; message: string }
  | {
      ok: true;
      adapter: AdapterFacts;
      measure(
        op: Op,
        size: number,
        kernelAlone: boolean,
        onProgress: ShareProgress,
        signal: AbortSignal,
      ): Promise<GpuSample>;
    };

/** Everything the controller needs from outside; injected so tests run it with fakes. */
export interface CrossoverDeps {
  measureCpu(
    op: Op,
    size: number,
    onProgress: ShareProgress,
    signal: AbortSignal,
  ): Promise<CpuSample>;
  getGpu(): Promise<CrossoverGpu>;
  /** Seconds on a monotonic clock (progress repaints are spaced on it). */
  now(): number;
}

/** One size of a sweep. A side is null until measured, or when it failed (see `note`). */
export interface SweepPoint {
  size: number;
  cpu: CpuSample | null;
  gpu: GpuSample | null;
  /** Why a side is missing or not plotted, for the table. */
  note: string | null;
}

/** A sweep of one operation. */
export interface SweepResult {
  op: Op;
  sizes: number[];
  points: SweepPoint[];
  /** Whether the sweep measured every size. */
  complete: boolean;
}

/** Where a running sweep is. */
export interface SweepProgress {
  /** Share of the whole sweep done, 0..1 (sizes weighted by their work). */
  fraction: number;
  label: string;
}

/** The crossover plot's whole visible state. */
export interface CrossoverState {
  status: WidgetStatus;
  results: Record<Op, SweepResult | null>;
  progress: SweepProgress | null;
  adapter: AdapterFacts | null;
  /** Why the GPU could not be measured (no WebGPU), or null. */
  gpuUnavailable: string | null;
  notice: string | null;
  error: string | null;
}
