/** Real dependencies of the bench controller in a browser: the page's shared WebGPU device. */
import { adapterLabel, measureTransferBandwidth, withSharedGpu } from '../../gpu';
import type { BenchDeps } from './bench-controller';
import { planBenchSizes } from './bench-sizes';

/** Timing per size and direction: a few short batches, at least three of them. */
const TRANSFER_MEASURE_OPTIONS = {
  samples: 5,
  minSamples: 3,
  minBatchSeconds: 0.005,
  budgetSeconds: 0.25,
} as const;

/** Browser dependencies for BenchController. */
export function createBrowserBenchDeps(): BenchDeps {
  return {
    acquire: () =>
      withSharedGpu({}, ({ gpu, run }) => ({
        ok: true,
        target: {
          description: adapterLabel(gpu.adapter),
          fallback: gpu.adapter.isFallback,
          maxBufferSize: gpu.device.limits.maxBufferSize,
          async measure(sizes, onPoint, signal) {
            await run((live) =>
              measureTransferBandwidth(live, {
                sizes,
                measure: TRANSFER_MEASURE_OPTIONS,
                onPoint,
                signal,
              }),
            );
          },
        },
      })),
    plan: (maxBytes, maxBufferSize) => planBenchSizes({ maxBytes, maxBufferSize }),
  };
}
