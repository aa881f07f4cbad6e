/**
 * What eager PyTorch dispatches for each layer of a network: in forward, the Python-level calls
 * (module calls, ATen ops called from Python, views) and the CUDA kernels they launch; in
 * backward, the autograd nodes the engine runs (in C++, no Python) and their kernels. The
 * counts follow the libraries' own code (torch.nn, torchvision, Hugging Face transformers) under
 * autocast and were checked against the H200 BERT-base trace (`H200_BERT_TRACE`, counted per
 * step by scripts/trace-counts.py):
 *
 * - a linear layer is one `aten::linear`: `addmm` (bias fused) after autocast's casts of the
 *   weight and bias (and of the input when it arrives in fp32, after a LayerNorm or an
 *   embedding: the trace's 3.67 kernels per linear); backward is AddmmBackward (two products
 *   and the bias sum: 3 kernels), TBackward, one ToCopyBackward per cast (1 kernel each), one
 *   AccumulateGrad per parameter tensor and, on 3-D inputs, two ViewBackward (no kernels);
 * - LayerNorm 1 kernel, backward 2; dropout, GELU, tanh 1 and 1; a residual add 1 kernel, its
 *   backward 1 (the two branches' gradients are summed); fused attention (SDPA) 2 kernels in
 *   training (the dropout seed and the kernel), 3 in backward, and 8 views around it in the
 *   module's Python; an embedding lookup 1, its backward about 15 (a sort-based reduction);
 *   cross-entropy 3 under autocast (the fp32 upcast, log-softmax, NLL), backward 4.
 * - convolutions and batch norm go through cuDNN, whose kernel count depends on the algorithm
 *   it picks: `CUDNN_KERNELS` is fitted on ResNet-50's 879 kernels per step (H200, batch 32).
 *
 * Each count is per call, for the whole batch (the batch does not change how many kernels a
 * layer launches). Pure.
 */
import { estimate, type Figure } from '../../../catalog/figure';
import { H200_BERT_TRACE, H200_EAGER } from '../../../catalog/network-sources';
import { CACHE_UPDATE_KERNELS, MATH_ATTENTION_KERNELS, ROTARY_KERNELS } from '../layers/attention';
import type { LayerCost } from '../types';

/** One layer's dispatches in one forward pass. */
export interface ForwardDispatch {
  /** `nn.Module.__call__`s of leaf modules (a Linear, a LayerNorm). */
  modules: number;
  /** ATen ops called from Python that launch work (each pays the full per-op cost). */
  ops: number;
  /** View-like ops called from Python (`view`, `transpose`, `reshape`): no kernel. */
  views: number;
  /** CUDA kernels launched. */
  kernels: number;
  /** Calls into cuDNN (convolution, batch norm), each with its own host-side planning cost. */
  cudnnCalls: number;
}

/** One layer's dispatches in one backward pass. */
export interface BackwardDispatch {
  /** Autograd nodes evaluated (AccumulateGrad and views included). */
  nodes: number;
  /** CUDA kernels launched. */
  kernels: number;
  /** Calls into cuDNN. */
  cudnnCalls: number;
}

/** A layer's dispatches in a step. */
export interface LayerDispatch {
  forward: ForwardDispatch;
  /** Null at inference. */
  backward: BackwardDispatch | null;
}

/** How the layer is run. */
export interface DispatchContext {
  training: boolean;
  /** Autocast on (amp-fp16, amp-bf16): matmul layers cast their fp32 inputs and weights. */
  autocast: boolean;
  /** Under autocast, the layer's input arrives in fp32 (after a norm, an embedding, the data). */
  inputFp32: boolean;
  /** The first layer: no gradient for its input (the data does not require one). */
  first: boolean;
}

/**
 * cuDNN kernels per convolution and per batch norm, forward and backward. The sum (conv
 * forward + conv backward + BN forward + BN backward = 10.6 per conv-BN pair) is fitted so that
 * ResNet-50's counted kernels come to the 879 the profiler saw at batch 32 on the H200; the
 * split follows cuDNN's usual plans (an implicit-GEMM kernel with a layout or split-K helper in
 * forward, data and weight gradients with their reductions in backward, statistics and
 * normalising passes for batch norm).
 */
export const CUDNN_KERNELS: Readonly<
  Record<'convForward' | 'convBackward' | 'bnForward' | 'bnBackward', Figure>
> = {
  convForward: estimate(
    2,
    'kernels',
    H200_EAGER,
    'fitted with the three others on ResNet-50 (879 kernels per step)',
  ),
  convBackward: estimate(
    4,
    'kernels',
    H200_EAGER,
    'data gradient and weight gradient, each with a helper kernel',
  ),
  bnForward: estimate(2, 'kernels', H200_EAGER, 'statistics, then normalise (channels_last)'),
  bnBackward: estimate(2.6, 'kernels', H200_EAGER, 'the remainder of the fitted 10.6 per pair'),
};

/** Kernels of an embedding's backward (sort, segment reductions, scatter), from the trace. */
export const EMBEDDING_BACKWARD_KERNELS: Figure = estimate(
  15,
  'kernels',
  H200_BERT_TRACE,
  'EmbeddingBackward0: 15.33 kernels per node on average over the three BERT tables',
);

/** Kernels per ToCopyBackward node (the trace's 206 nodes launched 1.23 on average). */
export const CAST_BACKWARD_KERNELS = 1.23;

/**
 * Projections that read the same input as the layer listed before them (the key and value
 * projections beside the query, an MLP's up projection beside its gate): their input has the
 * dtype of that layer's input, not of its output.
 */
const SIBLING_PROJECTION = /(?:^|\.)(?:key|value|[kv]_proj|up_proj)$/;

/** Views the attention module's Python makes around the fused kernel (Hugging Face SDPA path). */
export const ATTENTION_VIEWS = 8;

/** A forward with the given counts (no cuDNN call unless given). */
function fwd(
  modules: number,
  ops: number,
  views: number,
  kernels: number,
  cudnnCalls = 0,
): ForwardDispatch {
  return { modules, ops, views, kernels, cudnnCalls };
}

/** A backward with the given counts. */
function bwd(nodes: number, kernels: number, cudnnCalls = 0): BackwardDispatch {
  return { nodes, kernels, cudnnCalls };
}

/** Autocast's cast kernels for a matmul layer: its weight tensors, and its input when fp32. */
function castKernels(cost: LayerCost, ctx: DispatchContext): number {
  if (!ctx.autocast || !cost.matmul) return 0;
  const weights =
    cost.type === 'attention' ? 0 : Math.max(cost.paramTensors, cost.weightElements > 0 ? 1 : 0);
  return weights + (ctx.inputFp32 ? 1 : 0);
}

/** What one layer dispatches in forward (and backward when training). */
export function layerDispatch(cost: LayerCost, ctx: DispatchContext): LayerDispatch {
  const casts = castKernels(cost, ctx);
  const accumulate = cost.paramTensors;
  const dx = ctx.first ? 0 : 1;
  const t = ctx.training;
  switch (cost.type) {
    case 'linear': {
      const bias = cost.backwardFlops !== 2 * cost.forwardFlops ? 1 : 0;
      // 3-D inputs (batch, tokens, features) are flattened and unflattened around addmm.
      const tokens = cost.weightElements > 0 ? cost.forwardFlops / (2 * cost.weightElements) : 1;
      const threeD = tokens > 1.5 ? 2 : 0;
      return {
        forward: fwd(1, 1, 0, 1 + casts),
        backward: t
          ? bwd(2 + casts + accumulate + threeD, 1 + dx + bias + casts * CAST_BACKWARD_KERNELS)
          : null,
      };
    }
    case 'conv2d': {
      const k = CUDNN_KERNELS;
      return {
        forward: fwd(1, 1, 0, k.convForward.value + casts, 1),
        backward: t
          ? bwd(
              1 + casts + accumulate,
              k.convBackward.value - (ctx.first ? 1 : 0) + casts * CAST_BACKWARD_KERNELS,
              2 - (ctx.first ? 1 : 0),
            )
          : null,
      };
    }
    case 'batchnorm2d':
      return {
        forward: fwd(1, 1, 0, t ? CUDNN_KERNELS.bnForward.value : 1, 1),
        backward: t ? bwd(1 + accumulate, CUDNN_KERNELS.bnBackward.value, 1) : null,
      };
    case 'layernorm':
      return { forward: fwd(1, 1, 0, 1), backward: t ? bwd(1 + accumulate, 2) : null };
    case 'rmsnorm':
      // Hugging Face's LlamaRMSNorm is Python: upcast, pow, mean, add eps, rsqrt, two products,
      // downcast (7 ops, 7 kernels); autograd runs about 10 kernels back through them.
      return { forward: fwd(1, 7, 0, 7), backward: t ? bwd(7 + accumulate, 10) : null };
    case 'activation':
      // One op and kernel (F.relu, F.gelu), or several for an activation written in Python
      // (Hugging Face's NewGELUActivation: 8 ops forward, about 10 kernels back).
      return {
        forward: fwd(1, cost.forwardKernels, 0, cost.forwardKernels),
        backward: t ? bwd(cost.forwardKernels, Math.round(1.25 * cost.forwardKernels)) : null,
      };
    case 'maxpool2d':
    case 'avgpool2d':
      return { forward: fwd(1, 1, 0, 1), backward: t ? bwd(1, 1) : null };
    case 'global-avgpool':
      // AdaptiveAvgPool2d, then torch.flatten (a view).
      return { forward: fwd(1, 1, 1, 1), backward: t ? bwd(2, 1) : null };
    case 'dropout':
      return { forward: fwd(1, 1, 0, t ? 1 : 0), backward: t ? bwd(1, 1) : null };
    case 'residual-add':
      return { forward: fwd(0, 1, 0, 1), backward: t ? bwd(1, 1) : null };
    case 'multiply':
      return { forward: fwd(0, 1, 0, 1), backward: t ? bwd(1, 2) : null };
    case 'embedding':
      return {
        forward: fwd(1, 1, 0, 1),
        backward: t ? bwd(1 + accumulate, EMBEDDING_BACKWARD_KERNELS.value) : null,
      };
    case 'attention': {
      // Hugging Face's Python around the kernel: the rotary embedding of Q and K (ten ops and
      // six slices), the cache's two concatenations.
      const extraOps =
        (cost.rotary ? ROTARY_KERNELS : 0) + (cost.cacheUpdate ? CACHE_UPDATE_KERNELS : 0);
      const extraViews = cost.rotary ? 6 : 0;
      const extraNodes = cost.rotary ? ROTARY_KERNELS : 0;
      if (cost.mathScoreElements !== undefined) {
        // matmul, mul, add, softmax, to(), dropout, matmul: seven ops; autograd's nodes and
        // kernels come back through each of them (MATH_ATTENTION_KERNELS).
        const k = MATH_ATTENTION_KERNELS;
        return {
          forward: fwd(
            0,
            (t ? 7 : 6) + extraOps,
            ATTENTION_VIEWS + extraViews,
            (t ? k.forward : k.forward - 1) + extraOps,
          ),
          backward: t ? bwd(7 + ATTENTION_VIEWS / 2 + extraNodes, k.backward + extraNodes) : null,
        };
      }
      return {
        forward: fwd(0, 1 + extraOps, ATTENTION_VIEWS + extraViews, (t ? 2 : 1) + extraOps),
        backward: t ? bwd(1 + ATTENTION_VIEWS / 2 + extraNodes, 3 + extraNodes) : null,
      };
    }
    case 'lstm':
    case 'gru':
      // cuDNN's RNN: one call, a product per time step and its gates.
      return {
        forward: fwd(1, 1, 0, cost.forwardKernels + casts, 1),
        backward: t ? bwd(1 + casts + accumulate, 2 * cost.forwardKernels + casts, 2) : null,
      };
    case 'softmax-cross-entropy': {
      const upcast = ctx.autocast ? 1 : 0;
      return {
        forward: fwd(1, 1, 2, 2 + upcast),
        backward: t ? bwd(2 + upcast, 3 + upcast) : null,
      };
    }
  }
}

/**
 * The dtype each layer's output has under autocast, as 'fp32' or 'low': norms and embeddings
 * (and cross-entropy) run in fp32, matrix products and fused attention in the low precision, an
 * element-wise layer keeps its input's, and a residual add takes the wider of its input and the
 * stream it adds to (the residual stream stays fp32 in a transformer whose norms are fp32).
 */
export function autocastOutputs(layers: readonly LayerCost[]): Array<'fp32' | 'low'> {
  const out: Array<'fp32' | 'low'> = [];
  let previous: 'fp32' | 'low' = 'fp32';
  let stream: 'fp32' | 'low' = 'fp32';
  for (const layer of layers) {
    let dtype: 'fp32' | 'low';
    switch (layer.type) {
      case 'layernorm':
      case 'rmsnorm':
      case 'embedding':
      case 'softmax-cross-entropy':
        dtype = 'fp32';
        stream = dtype;
        break;
      case 'batchnorm2d':
        dtype = previous;
        stream = dtype;
        break;
      case 'residual-add':
        dtype = previous === 'fp32' || stream === 'fp32' ? 'fp32' : 'low';
        stream = dtype;
        break;
      default:
        dtype = layer.matmul ? 'low' : previous;
    }
    out.push(dtype);
    previous = dtype;
  }
  return out;
}

/**
 * Whether each layer's input arrives in fp32 under autocast: the data for the first, a sibling
 * projection's input for K and V, else the previous layer's output dtype.
 */
export function autocastInputsFp32(layers: readonly LayerCost[]): boolean[] {
  const dtypes = autocastOutputs(layers);
  const inputs: boolean[] = [];
  layers.forEach((cost, i) => {
    const sibling = i > 0 && SIBLING_PROJECTION.test(cost.name);
    inputs.push(i === 0 ? true : sibling ? (inputs[i - 1] as boolean) : dtypes[i - 1] === 'fp32');
  });
  return inputs;
}

/** Every layer's dispatches in one step. */
export function networkDispatch(
  layers: readonly LayerCost[],
  options: { training: boolean; autocast: boolean },
): LayerDispatch[] {
  const inputs = autocastInputsFp32(layers);
  return layers.map((cost, i) =>
    layerDispatch(cost, {
      training: options.training,
      autocast: options.autocast,
      inputFp32: inputs[i] as boolean,
      first: i === 0,
    }),
  );
}
