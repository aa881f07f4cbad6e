/**
 * Buffers of one run: created through a set that frees them together, with the usages the
 * runtime needs, and read back into JavaScript through a staging buffer. Usages are read from
 * GPUBufferUsage when a buffer is made, never at import, so a page without WebGPU can load this.
 */
import { scoped } from './error-scopes';
import type { GuardedWait } from './run-guard';

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

  /** Creates a buffer of `data`'s size (at least 4 bytes, a multiple of 4) and fills it. */
  upload(label: string, data: ArrayBufferView<ArrayBuffer>, usage: number): GPUBuffer {
    const size = Math.max(4, Math.ceil(data.byteLength / 4) * 4);
    const buffer = this.create(label, size, usage | GPUBufferUsage.COPY_DST);
    if (data.byteLength > 0) this.device.queue.writeBuffer(buffer, 0, data);
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

/** Usage of a buffer the kernel reads and the host fills. */
export const inputUsage = (): number => GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
/** Usage of a buffer the kernel writes and the host reads back. */
export const outputUsage = (): number => GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC;
/** Usage of a small uniform parameter block. */
export const uniformUsage = (): number => GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST;

/** Copies the first `bytes` of `source` into a mappable buffer, maps it and returns a copy. */
export async function readBytes(
  device: GPUDevice,
  wait: GuardedWait,
  source: GPUBuffer,
  bytes: number,
): Promise<ArrayBuffer> {
  const size = Math.max(4, Math.ceil(bytes / 4) * 4);
  const { value: staging, error } = scoped(device, 'read the result back', () => {
    const buffer = device.createBuffer({
      label: 'readback',
      size,
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    const encoder = device.createCommandEncoder({ label: 'readback' });
    encoder.copyBufferToBuffer(source, 0, buffer, 0, size);
    device.queue.submit([encoder.finish()]);
    return buffer;
  });
  try {
    const problem = await wait(error);
    if (problem) throw problem;
    await wait(staging.mapAsync(GPUMapMode.READ));
    const copy = staging.getMappedRange().slice(0, bytes);
    staging.unmap();
    return copy;
  } finally {
    staging.destroy();
  }
}

/** Reads the first `bytes` of `source` back as f32 values. */
export async function readF32(
  device: GPUDevice,
  wait: GuardedWait,
  source: GPUBuffer,
  bytes: number,
): Promise<Float32Array> {
  return new Float32Array(await readBytes(device, wait, source, Math.ceil(bytes / 4) * 4));
}
