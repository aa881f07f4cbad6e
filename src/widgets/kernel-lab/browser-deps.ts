/** The lab's real dependencies in a browser: the page's shared WebGPU device and the runtime. */
import { adapterFacts, measureRoofs, runLabKernel, shareGpu, type GpuContext } from '../../gpu';
import type { AdapterFacts, KernelLabDeps, LabGpu } from './controller';

/** What the lab shows about a device's adapter. */
export function labAdapterFacts(gpu: GpuContext): AdapterFacts {
  return {
    ...adapterFacts(gpu.adapter),
    timestampQuery: gpu.device.features.has('timestamp-query'),
  };
}

/** The lab's view of a live device. */
export function labGpuFor(gpu: GpuContext): LabGpu {
  return {
    adapter: labAdapterFacts(gpu),
    run: (request, onProgress, signal) => runLabKernel(gpu, request, { signal, onProgress }),
    measureRoofs: (onProgress, signal) =>
      measureRoofs(gpu, { signal, onProgress: (p) => onProgress(p.fraction) }),
  };
}

/**
 * Real dependencies: the page's shared device, asked for with timestamp queries where the
 * adapter has them. A lost device is dropped by shareGpu, so the next run gets a fresh one.
 */
export function createBrowserLabDeps(): KernelLabDeps {
  return {
    async getGpu() {
      const acquired = await shareGpu({ optionalFeatures: ['timestamp-query'] });
      return acquired.ok
        ? { ok: true, gpu: labGpuFor(acquired.gpu) }
        : { ok: false, message: acquired.message };
    },
  };
}
