/**
 * How the execution mode runs each layer's passes: the kernels each launches and the bytes it
 * moves (eager, eager captured in a CUDA graph, compiled, compiled and captured), and what the
 * host pays to dispatch them. step-time.ts turns these into a step. Pure.
 */
import { estimate, type Figure } from '../../catalog/figure';
import { PYTORCH_COMPILE_DOCS } from '../../catalog/network-sources';
import { fp32Widths, inputCastBytes } from './autocast-bytes';
import { networkDispatch } from './eager/dispatch';
import {
  compiledPassKernels,
  FUSED_POINTWISE_BYTES_SHARE,
  replaysGraphs,
  runsCompiledKernels,
  type ExecutionMode,
} from './eager/execution';
import { backwardHostOps, forwardHostOps, HOST_COSTS } from './eager/host';
import type { PassDispatch } from './layer-time';
import type { PrecisionPlan } from './precision';
import type { LayerCost } from './types';

/** The GPU's idle time between two kernels of a replayed CUDA graph. */
export const CUDA_GRAPH_GAP_SECONDS: Figure = estimate(
  1e-6,
  's',
  PYTORCH_COMPILE_DOCS,
  'a graph replay queues every kernel at once: about half the eager gap between back-to-back kernels',
);

/** One layer's passes as the execution mode runs them, and the host ops each costs. */
export interface LayerPassDispatch {
  forward: PassDispatch;
  backward: PassDispatch;
  hostForward: number;
  hostBackward: number;
}

/** What each layer's passes launch and move, as the execution mode runs them. */
export function passDispatches(
  layers: readonly LayerCost[],
  plan: PrecisionPlan,
  execution: ExecutionMode,
  training: boolean,
): LayerPassDispatch[] {
  const autocast = plan.weightCopyBytes > 0;
  const eager = networkDispatch(layers, { training, autocast });
  const gap = replaysGraphs(execution) ? { gapSeconds: CUDA_GRAPH_GAP_SECONDS.value } : {};
  // Under autocast the layers it runs in fp32 (norms, embeddings, and what follows them on an
  // fp32 residual stream) read and write fp32 tensors: twice the 16-bit bytes.
  const widths = fp32Widths(plan, layers);
  if (!runsCompiledKernels(execution)) {
    // Eager, or eager captured in a CUDA graph: every eager kernel runs; only eager pays the
    // host per dispatch.
    const captured = execution === 'cuda-graphs';
    const casts = inputCastBytes(plan, layers);
    return eager.map((d, i) => ({
      forward: {
        kernels: d.forward.kernels,
        bytesScale: widths[i],
        castBytesPerSample: casts[i],
        ...(captured ? { staticCache: true } : {}),
        ...gap,
      },
      backward: {
        kernels: d.backward?.kernels ?? 0,
        bytesScale: widths[i],
        castBytesPerSample: i === 0 ? 0 : casts[i],
        ...gap,
      },
      hostForward: captured ? 0 : forwardHostOps(d.forward),
      hostBackward: captured || !d.backward ? 0 : backwardHostOps(d.backward),
    }));
  }
  // Compiled (and captured): kept layers launch their own kernels, each chain of the others
  // one; a chain moves a share of its eager bytes.
  return compiledPassKernels(layers).map((k, i) => {
    const bytesScale = (k.fused ? FUSED_POINTWISE_BYTES_SHARE.value : 1) * (widths[i] ?? 1);
    return {
      forward: { kernels: k.forward, bytesScale, staticCache: true, ...gap },
      backward: { kernels: training ? k.backward : 0, bytesScale, ...gap },
      hostForward: 0,
      hostBackward: 0,
    };
  });
}

/** Host ops of a compiled or captured step's graphs. */
export function graphHostOps(execution: ExecutionMode, kernels: number, graphs: number): number {
  const c = HOST_COSTS;
  if (replaysGraphs(execution)) return graphs * c.graphReplay.value;
  return graphs * c.graphCall.value + kernels * c.compiledKernel.value;
}
