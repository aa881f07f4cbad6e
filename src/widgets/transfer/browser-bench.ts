/** Real dependencies of the bench controller in a browser: the page's shared WebGPU device. */
import { adapterLabel, measureTransferBandwidth, planBenchSizes, withSharedGpu } from '../../gpu';
import type { BenchDeps } from './bench-controller';

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
            await run((live) => measureTransferBandwidth(live, { sizes, onPoint, signal }));
          },
        },
      })),
    plan: (maxBytes, maxBufferSize) => planBenchSizes({ maxBytes, maxBufferSize }),
  };
}
