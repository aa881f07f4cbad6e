/**
 * One run on a device: a guard, so that aborting or losing the device ends every wait, and a
 * set of buffers, both freed when the run ends however it ends. Every measurement and every
 * kernel run holds its GPU resources this way.
 */
import { BufferSet } from './buffers';
import type { GpuContext } from './device';
import { guardRun, type RunGuard } from './run-guard';

/**
 * Runs `work` with a guard (checked before it starts) and a buffer set for one run, freeing both
 * afterwards.
 */
export async function withRun<T>(
  gpu: GpuContext,
  signal: AbortSignal | undefined,
  work: (guard: RunGuard, buffers: BufferSet) => Promise<T>,
): Promise<T> {
  const guard = guardRun(gpu, signal);
  const buffers = new BufferSet(gpu.device);
  try {
    guard.check();
    return await work(guard, buffers);
  } finally {
    guard.dispose();
    buffers.destroyAll();
  }
}
