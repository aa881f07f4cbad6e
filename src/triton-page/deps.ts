/**
 * What a Triton puzzle page needs from outside: the page's shared WebGPU device (or why there is
 * none), a launch on it, a timed launch, and where a pass is recorded. The browser's are in
 * `browser-deps.ts`; tests pass their own.
 */
import type { GpuContext } from '../gpu';
import type { LaunchOptions } from '../triton/index';
import type { TritonPuzzle } from '../triton/puzzles/index';

/** The page's dependencies. */
export interface TritonPageDeps {
  gpu(): Promise<{ ok: true; gpu: GpuContext } | { ok: false; message: string }>;
  /** Runs a kernel once on the device; tensors are written in place. */
  runOnGpu(gpu: GpuContext, source: string, options: LaunchOptions): Promise<void>;
  /** Median seconds of several runs on the device, the kernel compiled once. */
  timeOnGpu(gpu: GpuContext, source: string, options: LaunchOptions): Promise<number>;
  /** Called once per passing check. */
  onSolved(puzzle: TritonPuzzle, cases: number): void;
}
