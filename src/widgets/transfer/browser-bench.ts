/** Real dependencies of the bench controller in a browser: the page's shared WebGPU device. */
import { shareGpu } from '../../gpu';
import { measureTransferBandwidth } from '../../gpu';
import { planBenchSizes } from '../../gpu';
import type { BenchDeps } from './bench-controller';
import { adapterLabel } from '../../gpu';

/** Browser dependencies for BenchController. */
export function createBrowserBenchDeps(): BenchDeps {
  return {
    async acquire() {
      const acquired = await shareGpu();
      if (!acquired.ok) return { ok: false, message: acquired.message };
      const { gpu } = acquired;
      const a = gpu.adapter;
      return {
        ok: true,
        target: {
          description: adapterLabel(a),
          fallback: a.isFallback,
          maxBufferSize: gpu.device.limits.maxBufferSize,
          async measure(sizes, onPoint, signal) {
            await measureTransferBandwidth(gpu, { sizes, onPoint, signal });
          },
        },
      };
    },
    plan: (maxBytes, maxBufferSize) => planBenchSizes({ maxBytes, maxBufferSize }),
  };
}
