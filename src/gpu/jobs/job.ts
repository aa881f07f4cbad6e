/**
 * A job: one kernel at one size on one device, its inputs uploaded, ready to be recorded any
 * number of times into a compute pass, and able to check its own output against the kernel's
 * CPU reference. The lab, the explorer and the roofs all measure jobs the same way (measure.ts).
 */
import type { BufferSet } from '../buffers';
import type { KernelPlan } from '../kernel-plan';
import { entryPointOf, type AnyKernelModule } from '../kernel-module';
import type { F32Check } from '../verify-f32';

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
}

/** What a job is built with: the device, the run's buffers and the layout. */
export interface JobContext {
  device: GPUDevice;
  buffers: BufferSet;
  layout: JobLayout;
}

/** Seeds of the jobs' input arrays. */
export const SEEDS = { stream: 0x51ed, matmulA: 0xa11ce, matmulB: 0xb0b } as const;

/** Records a dispatch of `pipeline` with `group` over `grid`. */
export function dispatch(
  pass: GPUComputePassEncoder,
  pipeline: GPUComputePipeline,
  group: GPUBindGroup,
  grid: readonly [number, number, number],
): void {
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(grid[0], grid[1], grid[2]);
}

/**
 * A bind group for one entry point, with buffers given by the WGSL variable names of the
 * kernel's record: binding numbers come from the record, never typed again by hand, and a
 * missing or unknown name is an Error that names it.
 */
export function bindBuffers(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  kernel: AnyKernelModule,
  entryPoint: string,
  buffers: Readonly<Record<string, GPUBuffer>>,
): GPUBindGroup {
  const entry = entryPointOf(kernel, entryPoint);
  const used = kernel.bindings.filter((b) => entry.bindings.includes(b.binding));
  const unknown = Object.keys(buffers).filter((name) => !used.some((b) => b.name === name));
  if (unknown.length > 0) {
    throw new Error(`${kernel.label} (${entryPoint}) has no binding named ${unknown.join(', ')}`);
  }
  return device.createBindGroup({
    label: `${kernel.name} ${entryPoint}`,
    layout: pipeline.getBindGroupLayout(0),
    entries: used.map((b) => {
      const buffer = buffers[b.name];
      if (!buffer) throw new Error(`${kernel.label} (${entryPoint}) needs a buffer for ${b.name}`);
      return { binding: b.binding, resource: { buffer } };
    }),
  });
}
