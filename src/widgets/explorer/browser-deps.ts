/** Real dependencies of the explorer in a browser: the clock, reduced motion, and WebGPU. */
import { adapterFacts, measureKernel, withSharedGpu } from '../../gpu';
import type { ElementwiseGpu, ExplorerDeps } from './controller';
import { prefersReducedMotion } from '../../ui/motion';
import { describeF32Check } from '../../compute/verify-f32';

/** Why "Run it on my GPU" cannot work in this browser, or null when WebGPU is there to try. */
function webgpuMissingReason(): string | null {
  const hasGpu = typeof navigator !== 'undefined' && 'gpu' in navigator && Boolean(navigator.gpu);
  if (hasGpu) return null;
  return (
    'This browser has no WebGPU, so the kernel cannot run on your GPU here. Chrome and Edge 113 ' +
    'or newer have it on desktop, as do recent Safari and Firefox on some systems, on https or ' +
    'localhost pages. Everything else in the explorer works from the cost model.'
  );
}

/** The explorer's timing: a few batches, done in well under a second on a real GPU. */
const EXPLORER_MEASURE_OPTIONS = { samples: 5, minSamples: 3, budgetSeconds: 1 } as const;

/** The learner's GPU for the explorer, from the page's shared WebGPU device. */
function explorerGpu(): Promise<ElementwiseGpu> {
  return withSharedGpu({}, (shared) => ({
    ok: true,
    adapter: adapterFacts(shared.gpu.adapter),
    measure: (elements, workgroupSize, signal) =>
      shared.run(async (gpu) => {
        // ReLU one element per thread in blocks of the chosen size (lowered to what the device
        // allows: the run's size says which it used).
        const run = await measureKernel(
          gpu,
          'relu',
          { elements, workgroupSize },
          { signal, measure: EXPLORER_MEASURE_OPTIONS },
        );
        return {
          secondsPerKernel: run.measurement.medianSeconds,
          repeats: run.measurement.repeatsPerBatch,
          batches: run.measurement.samples,
          relativeSpread: run.measurement.relativeSpread,
          method: run.measurement.method,
          workgroupSize: run.size.workgroupSize,
          verified: run.check.ok,
          detail: describeF32Check(run.check),
        };
      }),
  }));
}

/** The explorer's dependencies in a real browser. */
export function createBrowserExplorerDeps(): ExplorerDeps {
  return {
    now: () => performance.now() / 1000,
    reducedMotion: prefersReducedMotion,
    webgpuMissingReason,
    getGpu: explorerGpu,
  };
}
