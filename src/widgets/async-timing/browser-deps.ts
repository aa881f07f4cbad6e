/**
 * The demo's real dependencies in a browser: the page's shared WebGPU device (asked for with
 * timestamp queries where the adapter has them) and the runtime's single-submission timer.
 */
import {
  adapterLabel,
  describeF32Check,
  shareGpu,
  timeSubmissions,
  timestampSupport,
  type GpuContext,
} from '../../gpu';
import type { AsyncTimingDeps, TimingTarget } from './controller';

/** The demo's view of a live device. */
export function timingTargetFor(gpu: GpuContext): TimingTarget {
  return {
    adapter: {
      description: adapterLabel(gpu.adapter),
      fallback: gpu.adapter.isFallback,
      timestamps: timestampSupport(gpu),
    },
    async time(n, runs, onRun, signal) {
      const result = await timeSubmissions(
        gpu,
        { kernel: 'matmul-naive', size: { m: n, n, k: n } },
        { runs, signal, onRun },
      );
      const size = result.request.size;
      return {
        n: 'm' in size ? size.m : n,
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
    async acquire() {
      const acquired = await shareGpu({ optionalFeatures: ['timestamp-query'] });
      return acquired.ok
        ? { ok: true, target: timingTargetFor(acquired.gpu) }
        : { ok: false, message: acquired.message };
    },
  };
}
