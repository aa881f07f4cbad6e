/**
 * A lab job: one kernel at one size on one device, with its inputs uploaded, ready to be
 * recorded any number of times, and able to check its own output against the CPU reference.
 */
import type { KernelPlan } from '../../kernel-plan';
import type { F32Check } from '../../verify-f32';

/** A kernel ready to run. */
export interface LabJob {
  plan: KernelPlan;
  /** Records one run (all its dispatches) into an open compute pass. */
  record(pass: GPUComputePassEncoder): void;
  /** The buffer holding the result after a run. */
  output: GPUBuffer;
  /** Bytes of `output` to read back. */
  outputBytes: number;
  /** Checks the read-back result, as f32 values, against the CPU reference. */
  verify(result: Float32Array): F32Check;
}

/** How a job lays out its dispatches. */
export interface JobLayout {
  /** Widest grid dimension to use: the device's limit, or less. */
  maxWorkgroupsPerDimension: number;
  /** vec4s per invocation of the streaming kernels (copy, ReLU). */
  vec4sPerInvocation: number;
}

/** Buffers created for one run, destroyed together. */
export class BufferSet {
  private readonly buffers: GPUBuffer[] = [];

  constructor(private readonly device: GPUDevice) {}

  /** Creates a buffer that `destroyAll` will free. */
  create(label: string, size: number, usage: number): GPUBuffer {
    const buffer = this.device.createBuffer({ label, size, usage });
    this.buffers.push(buffer);
    return buffer;
  }

  /** Total bytes asked for so far. */
  bytes(): number {
    return this.buffers.reduce((sum, b) => sum + b.size, 0);
  }

  /** Destroys every buffer created through this set. */
  destroyAll(): void {
    for (const buffer of this.buffers.splice(0)) buffer.destroy();
  }
}

// Usages are read from GPUBufferUsage when a job is built, never at import: a page without
// WebGPU must still be able to load this module.

/** Usage of a buffer the kernel reads and the host fills. */
export const inputUsage = (): number => GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
/** Usage of a buffer the kernel writes and the host reads back. */
export const outputUsage = (): number => GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC;
/** Usage of a small uniform parameter block. */
export const uniformUsage = (): number => GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST;

/** Seeds of the lab's input arrays. */
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
