/** The lab's real dependencies in a browser: the page's shared WebGPU device and the runtime. */
import { shareGpu, type GpuContext } from '../../gpu';
import { runLabKernel } from '../../gpu';
import { measureRoofs } from '../../gpu';
import type { AdapterFacts, KernelLabDeps, LabGpu } from './controller';
import { adapterLabel } from '../../gpu';

/** What the lab shows about a device's adapter. */
export function adapterFacts(gpu: GpuContext): AdapterFacts {
  const a = gpu.adapter;
  const description = adapterLabel(a);
  return {
    description,
    isFallback: a.isFallback,
    timestampQuery: gpu.device.features.has('timestamp-query'),
  };
}

/** The lab's view of a live device. */
export function labGpuFor(gpu: GpuContext): LabGpu {
  return {
    adapter: adapterFacts(gpu),
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
