/**
 * The warp view's real dependencies in a browser: the page's shared WebGPU device, and the
 * strided-read and divergence kernels measured by name at the view's own sizes (smaller on a
 * software adapter, where the "GPU" is CPU cores) with its own quick timing.
 */
import { adapterLabel, measureKernel, withSharedGpu, type SharedGpu } from '../../gpu';
import type { CheckedTime, WarpDeps, WarpTarget } from './controller';
import { describeF32Check } from '../../compute/verify-f32';

/** The view's timing: a few batches per point. */
const WARP_MEASURE_OPTIONS = { samples: 5, minSamples: 3, budgetSeconds: 0.5 } as const;

/** Reads per strided launch on a hardware GPU and on a software adapter. */
const STRIDED_READ_COUNTS = { hardware: 1 << 19, software: 1 << 15 } as const;

/** Invocations per divergence launch on a hardware GPU and on a software adapter. */
const DIVERGENCE_COUNTS = { hardware: 1 << 20, software: 1 << 14 } as const;

/** Steps of each path of the divergent branch on a hardware GPU and on a software adapter. */
const DIVERGENCE_TRIPS = { hardware: 256, software: 32 } as const;

/** The hardware or software figure of a pair, for an adapter. */
function forAdapter<T>(pair: { hardware: T; software: T }, isFallback: boolean): T {
  return isFallback ? pair.software : pair.hardware;
}

/** A measured, checked launch as the controller takes it. */
function checked(run: {
  size: { count: number };
  measurement: { medianSeconds: number };
  check: Parameters<typeof describeF32Check>[0];
}): CheckedTime {
  return {
    seconds: run.measurement.medianSeconds,
    count: run.size.count,
    verified: run.check.ok,
    checkText: describeF32Check(run.check),
  };
}

/** The view's use of the shared device: each launch reaches it only while it is alive. */
export function warpTargetFor({ gpu, run }: SharedGpu): WarpTarget {
  return {
    adapter: { description: adapterLabel(gpu.adapter), fallback: gpu.adapter.isFallback },
    async stridedRead(stride, signal) {
      const options = { signal, measure: WARP_MEASURE_OPTIONS };
      return checked(
        await run((live) => {
          const count = forAdapter(STRIDED_READ_COUNTS, live.adapter.isFallback);
          return measureKernel(live, 'strided-read', { count, stride }, options);
        }),
      );
    },
    async divergence(kind, signal) {
      const options = { signal, measure: WARP_MEASURE_OPTIONS };
      return checked(
        await run((live) => {
          const software = live.adapter.isFallback;
          const count = forAdapter(DIVERGENCE_COUNTS, software);
          const trips = forAdapter(DIVERGENCE_TRIPS, software);
          return measureKernel(live, 'divergence', { count, kind, trips }, options);
        }),
      );
    },
  };
}

/** Real dependencies; a lost device is dropped by shareGpu, so the next run gets a fresh one. */
export function createBrowserWarpDeps(): WarpDeps {
  return {
    webgpuPresent: () =>
      typeof navigator !== 'undefined' && Boolean((navigator as { gpu?: unknown }).gpu),
    acquire: () =>
      withSharedGpu({}, (shared) => ({ ok: true as const, target: warpTargetFor(shared) })),
  };
}
