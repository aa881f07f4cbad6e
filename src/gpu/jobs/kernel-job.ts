/**
 * What a job is: one kernel at one size on one device, its inputs uploaded, ready to be recorded
 * any number of times into a compute pass, and able to check its own output against the
 * kernel's CPU reference; and what a job is built with. Types only (job.ts builds them).
 */
import type { GpuAdapterSummary } from '../adapter-summary';
import type { BufferSet } from '../buffers';
import type { KernelPlan, PlanLayout } from '../kernel-plan';
import type { F32Check } from '../../compute/verify-f32';

/**
 * A kernel ready to run. `Detail` is what its check finds beyond pass or fail, for the caller
 * (the f16 matmul's errors against the exact product); most jobs have none.
 */
export interface KernelJob<Detail = undefined> {
  /** The kernel's label, for messages ("ReLU"). */
  label: string;
  plan: KernelPlan;
  /** Records one run (all its dispatches) into an open compute pass. */
  record(pass: GPUComputePassEncoder): void;
  /** The buffer holding the result after a run. */
  output: GPUBuffer;
  /** Bytes of `output` to read back. */
  outputBytes: number;
  /** Checks the read-back result, as f32 values, against the CPU reference. */
  verify(result: Float32Array): F32Check;
  /** What the last `verify` found beyond its check; absent for jobs that find nothing more. */
  detail?(): Detail;
  /**
   * The host data each input buffer was filled with, so a caller can time the upload again
   * (a round trip); absent for jobs that do not list them.
   */
  uploads?: readonly JobUpload[];
}

/** One input buffer and the host array written into it. */
export interface JobUpload {
  buffer: GPUBuffer;
  data: ArrayBufferView<ArrayBuffer>;
}

/**
 * What a job is built with: the device and its adapter (a kernel may choose by it: a software
 * fallback's launch, the tuned matmul's tile), the run's buffers and the layout its plan uses.
 */
export interface JobContext {
  device: GPUDevice;
  adapter: GpuAdapterSummary;
  buffers: BufferSet;
  layout: PlanLayout;
}
