/**
 * The warp view's real dependencies in a browser: the page's shared WebGPU device and the
 * runtime's strided-read and divergence measurements.
 */
import {
  adapterLabel,
  describeF32Check,
  measureDivergence,
  measureStridedRead,
  withSharedGpu,
  type SharedGpu,
} from '../../gpu';
import type { CheckedTime, WarpDeps, WarpTarget } from './controller';

/** A measured, checked launch as the controller takes it. */
function checked(run: {
  count: number;
  measurement: { medianSeconds: number };
  check: Parameters<typeof describeF32Check>[0];
}): CheckedTime {
  return {
    seconds: run.measurement.medianSeconds,
    count: run.count,
    verified: run.check.ok,
    checkText: describeF32Check(run.check),
  };
}

/** The view's use of the shared device: each launch reaches it only while it is alive. */
export function warpTargetFor({ gpu, run }: SharedGpu): WarpTarget {
  return {
    adapter: { description: adapterLabel(gpu.adapter), fallback: gpu.adapter.isFallback },
    async stridedRead(stride, signal) {
      return checked(await run((live) => measureStridedRead(live, stride, { signal })));
    },
    async divergence(kind, signal) {
      return checked(await run((live) => measureDivergence(live, kind, { signal })));
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
