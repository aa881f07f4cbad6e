/** Reading a GPU buffer back into JavaScript as f32 values. */
import { scoped } from '../error-scopes';
import type { GuardedWait } from '../timing/gpu-batch-timer';

/** Copies the first `bytes` of `source` into a mappable buffer, maps it and returns a copy. */
export async function readF32(
  device: GPUDevice,
  wait: GuardedWait,
  source: GPUBuffer,
  bytes: number,
): Promise<Float32Array> {
  const size = Math.max(4, Math.ceil(bytes / 4) * 4);
  const { value: staging, error } = scoped(device, 'read the result back', () => {
    const buffer = device.createBuffer({
      label: 'lab readback',
      size,
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    const encoder = device.createCommandEncoder({ label: 'lab readback' });
    encoder.copyBufferToBuffer(source, 0, buffer, 0, size);
    device.queue.submit([encoder.finish()]);
    return buffer;
  });
  try {
    const problem = await wait(error);
    if (problem) throw problem;
    await wait(staging.mapAsync(GPUMapMode.READ));
    const values = new Float32Array(staging.getMappedRange().slice(0));
    staging.unmap();
    return values;
  } finally {
    staging.destroy();
  }
}
