/**
 * How a widget borrows the page's shared WebGPU device: ask for it (never a throw: no device
 * comes back as a message), build the widget's view of it, and run each measurement only while
 * the device is alive. A lost device is dropped by shareGpu, so the next acquisition gets a new
 * one.
 */
import { shareGpu, type AcquireGpuOptions, type GpuContext } from './device';

/** What a run on a device lost since it was lent says. */
export const LOST_GPU_MESSAGE = 'The GPU device was lost. Try again to get a new one.';

/** The page's shared device, as withSharedGpu lends it. */
export interface SharedGpu {
  gpu: GpuContext;
  /** Runs `work` on the device, throwing LOST_GPU_MESSAGE first when it has been lost. */
  run<T>(work: (gpu: GpuContext) => Promise<T>): Promise<T>;
}

/** Why there is no shared device, in words a learner can act on. */
export interface NoSharedGpu {
  ok: false;
  message: string;
}

/**
 * Asks for the page's shared device (`options` matter only to the first asker) and hands it to
 * `build`, which makes what the caller keeps of it; without a device, says why instead.
 */
export async function withSharedGpu<T extends { ok: true }>(
  options: AcquireGpuOptions,
  build: (shared: SharedGpu) => T | Promise<T>,
): Promise<T | NoSharedGpu> {
  const acquired = await shareGpu(options);
  if (!acquired.ok) return { ok: false, message: acquired.message };
  const { gpu } = acquired;
  return build({
    gpu,
    async run(work) {
      if (gpu.isLost()) throw new Error(LOST_GPU_MESSAGE);
      return work(gpu);
    },
  });
}
