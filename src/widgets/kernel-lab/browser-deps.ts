/** The lab's real dependencies in a browser: the page's shared WebGPU device and the runtime. */
import {
  adapterFacts,
  matmulTileChoice,
  measureKernel,
  measureRoofs,
  sweepMatmulTiles,
  tensorCoreSupport,
  withSharedGpu,
  type GpuContext,
  type JobProgress,
  type SharedGpu,
} from '../../gpu';
import type { AdapterFacts, KernelLabDeps, LabGpu } from './controller';
import type { LabRunRequest, LabRunResult } from './lab-run';

/** What the lab shows about a device's adapter. */
export function labAdapterFacts(gpu: GpuContext): AdapterFacts {
  return {
    ...adapterFacts(gpu.adapter),
    timestampQuery: gpu.device.features.has('timestamp-query'),
    tensorCores: tensorCoreNote(gpu),
  };
}

/** The lab's line on tensor cores: the configuration where present, else why absent. */
export function tensorCoreNote(gpu: GpuContext): string {
  const support = tensorCoreSupport(gpu);
  if (!support.available) return support.reason;
  const { M, N, K } = support.config;
  return `this adapter offers subgroup matrices (f16 × f16 → f32, ${M}×${N}×${K}); the benchmark measures an f16 matmul on them.`;
}

/**
 * Runs a lab kernel; before the tuned matmul's first run on a hardware adapter, its sweep picks
 * the tile (kept for the page). A software adapter is not swept: its timings say nothing about a
 * GPU, so it runs the register-blocked kernel's tile.
 */
async function runWithTuning(
  live: GpuContext,
  request: LabRunRequest,
  options: { signal: AbortSignal; onProgress(progress: JobProgress): void },
): Promise<LabRunResult> {
  if (
    request.kernel === 'matmul-tuned' &&
    !live.adapter.isFallback &&
    matmulTileChoice(live.adapter) === null
  ) {
    await sweepMatmulTiles(live, { signal: options.signal });
  }
  return measureKernel(live, request.kernel, request.size, options);
}

/** The lab's view of the shared device: each job runs on it only while it is alive. */
export function labGpuFor({ gpu, run }: SharedGpu): LabGpu {
  return {
    adapter: labAdapterFacts(gpu),
    run: (request, onProgress, signal) =>
      run((live) => runWithTuning(live, request, { signal, onProgress })),
    measureRoofs: (onProgress, signal) =>
      run((live) =>
        measureRoofs(live, { signal, onProgress: (p) => onProgress(p.fraction, p.step) }),
      ),
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
