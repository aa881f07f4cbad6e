/** The crossover plot's real dependencies: Web Workers for the CPU, WebGPU for the GPU. */
import { CrossoverCpuPool } from '../../cpu/crossover-pool';
import {
  adapterFacts,
  LAB_KERNELS,
  measureKernel,
  withSharedGpu,
  type LabKernelId,
  type LabSize,
} from '../../gpu';
import type { Op } from './settings';
import type { CrossoverDeps, CrossoverGpu } from './types';

/** The plot's timing of a round trip: short batches, a small budget, so a sweep stays quick. */
const ROUND_TRIP_MEASURE_OPTIONS = {
  warmupBatches: 1,
  samples: 5,
  minSamples: 3,
  minBatchSeconds: 0.01,
  budgetSeconds: 0.3,
} as const;

let pool: CrossoverCpuPool | null = null;

/** The page's crossover worker pool, one worker per logical core, made on first use. */
function sharedPool(): CrossoverCpuPool {
  pool ??= new CrossoverCpuPool();
  return pool;
}

/**
 * The kernel for `op`: ReLU; for matmul the tiled kernel on a hardware GPU, the naive one on a
 * software adapter (where workgroup barriers are slow and tiling loses).
 */
export function kernelFor(op: Op, isFallback: boolean): LabKernelId {
  if (op === 'relu') return 'relu';
  return isFallback ? 'matmul-naive' : 'matmul-tiled';
}

function acquire(): Promise<CrossoverGpu> {
  return withSharedGpu({ optionalFeatures: ['timestamp-query'] }, (shared) => {
    const adapter = adapterFacts(shared.gpu.adapter);
    return {
      ok: true,
      adapter,
      measure: (op, size, kernelAlone, onProgress, signal) =>
        shared.run(async (gpu) => {
          const kernel = kernelFor(op, adapter.isFallback);
          const asked: LabSize = op === 'relu' ? { elements: size } : { m: size, n: size, k: size };
          const r = await measureKernel(gpu, kernel, asked, {
            timing: 'round-trips',
            measure: ROUND_TRIP_MEASURE_OPTIONS,
            signal,
            onProgress,
            kernelAlone,
          });
          const ran = 'elements' in r.size ? r.size.elements : r.size.n;
          return {
            seconds: r.roundTrip.medianSeconds,
            kernelSeconds: r.kernelOnly?.medianSeconds ?? null,
            check: r.check,
            size: ran,
            kernelLabel: LAB_KERNELS[kernel].label,
          };
        }),
    };
  });
}

/** Real dependencies for a browser page. */
export function createBrowserCrossoverDeps(): CrossoverDeps {
  return {
    async measureCpu(op, size, onProgress, signal) {
      const r = await sharedPool().measure(op, size, { onProgress, signal });
      return { seconds: r.measurement.medianSeconds, check: r.check, workers: r.workers };
    },
    getGpu: acquire,
    now: () => performance.now() / 1000,
  };
}
