/**
 * The demo's real dependencies in a browser: the page's shared WebGPU device (asked for with
 * timestamp queries where the adapter has them) and the naive matmul timed by single
 * submissions, with the clock read around each.
 */
import {
  adapterLabel,
  measureKernel,
  timestampSupport,
  withSharedGpu,
  type SharedGpu,
} from '../../gpu';
import type { AsyncTimingDeps, TimingTarget } from './controller';
import { describeF32Check } from '../../compute/verify-f32';

/** The demo's view of the shared device: each set of runs reaches it only while it is alive. */
export function timingTargetFor({ gpu, run }: SharedGpu): TimingTarget {
  return {
    adapter: {
      description: adapterLabel(gpu.adapter),
      fallback: gpu.adapter.isFallback,
      timestamps: timestampSupport(gpu),
    },
    async time(n, runs, onRun, signal) {
      const result = await run((live) =>
        measureKernel(
          live,
          'matmul-naive',
          { m: n, n, k: n },
          { timing: 'submissions', runs, signal, onRun },
        ),
      );
      return {
        n: result.size.m,
        flops: result.plan.descriptor.flops,
        readings: result.runs,
        timestamps: result.timestamps,
        compiledPipeline: result.compiledPipeline,
        verified: result.check.ok,
        checkText: describeF32Check(result.check),
      };
    },
  };
}

/** Real dependencies; a lost device is dropped by shareGpu, so the next run gets a fresh one. */
export function createBrowserTimingDeps(): AsyncTimingDeps {
  return {
    webgpuPresent: () =>
      typeof navigator !== 'undefined' && Boolean((navigator as { gpu?: unknown }).gpu),
    acquire: () =>
      withSharedGpu({ optionalFeatures: ['timestamp-query'] }, (shared) => ({
        ok: true,
        target: timingTargetFor(shared),
      })),
  };
}
