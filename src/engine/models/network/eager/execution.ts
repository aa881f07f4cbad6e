/**
 * How PyTorch executes a step (`PYTORCH_COMPILE_DOCS`):
 *
 * - `eager` (the default): every op dispatched from Python as it runs, every kernel launched on
 *   its own (dispatch.ts counts them).
 * - `compiled` (`torch.compile`, default mode): Inductor fuses each chain of element-wise and
 *   normalisation layers between two matrix products into one kernel (the autocast casts and
 *   dropout masks go into those kernels too), keeps the products (cuBLAS, cuDNN) and the fused
 *   attention as they are, and runs the forward and the backward each as one compiled graph
 *   whose Python wrapper launches its kernels. The optimizer stays eager unless compiled itself.
 * - `cuda-graphs` (capturing the eager step with `torch.cuda.graph`, as PyTorch's whole-network
 *   capture does): the eager kernels, all of them, recorded once and replayed with one launch.
 *   Replay removes the host's work, not the kernels' time: the GPU runs what eager ran.
 * - `reduce-overhead` (`torch.compile(mode="reduce-overhead")`): the compiled kernels captured
 *   and replayed with one launch per graph.
 *
 * A fused chain moves its input and its output once instead of every intermediate:
 * `FUSED_POINTWISE_BYTES_SHARE` is the share of the eager chain's bytes it keeps. Pure.
 */
import { estimate, type Figure } from '../../../catalog/figure';
import { PYTORCH_COMPILE_DOCS } from '../../../catalog/network-sources';
import type { LayerCost } from '../types';

/** How a step is executed. */
export type ExecutionMode = 'eager' | 'compiled' | 'cuda-graphs' | 'reduce-overhead';

/** Every execution mode, the default first. */
export const EXECUTION_MODES: readonly ExecutionMode[] = [
  'eager',
  'compiled',
  'cuda-graphs',
  'reduce-overhead',
];

/** Whether a mode runs Inductor's fused kernels (compiled, alone or replayed). */
export function runsCompiledKernels(execution: ExecutionMode): boolean {
  return execution === 'compiled' || execution === 'reduce-overhead';
}

/** Whether a mode replays a captured CUDA graph (its host work is one launch per graph). */
export function replaysGraphs(execution: ExecutionMode): boolean {
  return execution === 'cuda-graphs' || execution === 'reduce-overhead';
}

/**
 * Share of an element-wise chain's eager bytes a fused kernel still moves: a chain of two or
 * three layers (bias-free add, norm, activation, dropout) reads one input and writes one output
 * instead of a read and a write per layer.
 */
export const FUSED_POINTWISE_BYTES_SHARE: Figure = estimate(
  0.5,
  'fraction',
  PYTORCH_COMPILE_DOCS,
  'chains in these networks are two to three layers long: one read and one write instead of two or three of each',
);

/** Layers that stay their own kernels when compiled: products and fused attention. */
export function keepsOwnKernel(layer: LayerCost): boolean {
  return layer.matmul || layer.type === 'embedding';
}

/**
 * Each layer's kernels in a compiled step: a kept layer launches its own (1 forward; 2 backward
 * for a product, 3 for attention and the embedding), and each chain of the others one, carried
 * by the chain's first layer (2 in backward: the chain's gradient and its parameters' gradient
 * reductions). `fused` marks the layers inside chains, which move a share of their eager bytes.
 */
export function compiledPassKernels(
  layers: readonly LayerCost[],
): Array<{ forward: number; backward: number; fused: boolean }> {
  let inChain = false;
  return layers.map((layer) => {
    const kept = keepsOwnKernel(layer);
    const opens = !kept && !inChain;
    inChain = !kept;
    if (kept) {
      const backward = layer.type === 'attention' || layer.type === 'embedding' ? 3 : 2;
      return { forward: 1, backward, fused: false };
    }
    return { forward: opens ? 1 : 0, backward: opens ? 2 : 0, fused: true };
  });
}
