/**
 * What a job is: one kernel at one size on one device, its inputs uploaded, ready to be recorded
 * any number of times into a compute pass, and able to check its own output against the
 * kernel's CPU reference; and what a job is built with. Types only (job.ts builds them).
 */
import type { BufferSet } from '../buffers';
import type { KernelPlan } from '../kernel-plan';
import type { F32Check } from '../../compute/verify-f32';
import type { MatmulTile } from '../kernels/matmul-tuned/tile';

/** A kernel ready to run. */
export interface KernelJob {
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
  /**
   * The host data each input buffer was filled with, so a caller can time the upload again
   * (the crossover plot's round trip); absent for jobs that do not list them.
   */
  uploads?: readonly JobUpload[];
}

/** One input buffer and the host array written into it. */
export interface JobUpload {
  buffer: GPUBuffer;
  data: ArrayBufferView<ArrayBuffer>;
}

/** How a job lays out its dispatches on a device. */
export interface JobLayout {
  /** Widest grid dimension to use: the device's limit, or less. */
  maxWorkgroupsPerDimension: number;
  /** vec4s per invocation of the streaming kernels (copy, ReLU). */
  vec4sPerInvocation: number;
  /** The tuned matmul's tile on this device (its sweep's choice); the default tile when absent. */
  matmulTile?: MatmulTile;
}

/** What a job is built with: the device, the run's buffers and the layout. */
export interface JobContext {
  device: GPUDevice;
  buffers: BufferSet;
  layout: JobLayout;
}
