/** The lab's real dependencies in a browser: the page's shared WebGPU device and the runtime. */
import {
  adapterFacts,
  measureRoofs,
  runLabKernel,
  withSharedGpu,
  type GpuContext,
  type SharedGpu,
} from '../../gpu';
import type { AdapterFacts, KernelLabDeps, LabGpu } from './controller';

/** What the lab shows about a device's adapter. */
export function labAdapterFacts(gpu: GpuContext): AdapterFacts {
  return {
    ...adapterFacts(gpu.adapter),
    timestampQuery: gpu.device.features.has('timestamp-query'),
  };
}

/** The lab's view of the shared device: each job runs on it only while it is alive. */
export function labGpuFor({ gpu, run }: SharedGpu): LabGpu {
  return {
    adapter: labAdapterFacts(gpu),
    run: (request, onProgress, signal) =>
      run((live) => runLabKernel(live, request, { signal, onProgress })),
    measureRoofs: (onProgress, signal) =>
      run((live) => measureRoofs(live, { signal, onProgress: (p) => onProgress(p.fraction) })),
  };
}

/**
 * Real dependencies: the page's shared device, asked for with timestamp queries where the
 * adapter has them. A lost device is dropped by shareGpu, so the next run gets a fresh one.
 */
export function createBrowserLabDeps(): KernelLabDeps {
  return {
    getGpu: () =>
      withSharedGpu({ optionalFeatures: ['timestamp-query'] }, (shared) => ({
        ok: true,
        gpu: labGpuFor(shared),
      })),
  };
}
