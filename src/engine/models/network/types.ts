/**
 * How the engine describes a network: a list of layers with their shapes (per sample: the batch
 * is not part of a layer), and what the analysis derives from each layer. The step-time and
 * memory models read only `LayerCost`s, so a zoo network and a learner's own layer list (JSON)
 * are modelled the same way. Pure types.
 */

/** Element-wise activation functions a layer may apply. */
export type ActivationFn = 'relu' | 'gelu' | 'gelu-new' | 'silu' | 'tanh' | 'sigmoid';

/** One layer, as a network lists it. Shapes are per sample; `tokens` are rows per sample. */
export type LayerSpec =
  | {
      type: 'linear';
      name?: string;
      inFeatures: number;
      outFeatures: number;
      /** Default true. */
      bias?: boolean;
      /** Rows per sample (sequence positions); default 1. */
      tokens?: number;
      /** True when the weight is another layer's (GPT-2's head shares the token embedding). */
      tiedWeights?: boolean;
    }
  | {
      type: 'conv2d';
      name?: string;
      inChannels: number;
      outChannels: number;
      /** Square kernel edge. */
      kernel: number;
      /** Default 1. */
      stride?: number;
      /** Default 0. */
      padding?: number;
      inHeight: number;
      inWidth: number;
      /** Default false (convolutions followed by batch norm have none). */
      bias?: boolean;
    }
  | { type: 'batchnorm2d'; name?: string; channels: number; height: number; width: number }
  | { type: 'layernorm'; name?: string; features: number; tokens?: number }
  | { type: 'rmsnorm'; name?: string; features: number; tokens?: number }
  | { type: 'activation'; name?: string; fn: ActivationFn; elements: number }
  | {
      type: 'maxpool2d' | 'avgpool2d';
      name?: string;
      channels: number;
      inHeight: number;
      inWidth: number;
      kernel: number;
      /** Default `kernel`. */
      stride?: number;
      /** Default 0. */
      padding?: number;
    }
  | { type: 'global-avgpool'; name?: string; channels: number; height: number; width: number }
  | { type: 'embedding'; name?: string; vocab: number; dim: number; tokens: number }
  | {
      type: 'attention';
      name?: string;
      /** Query heads. */
      heads: number;
      /** Key/value heads (fewer than `heads` for grouped-query attention); default `heads`. */
      kvHeads?: number;
      headDim: number;
      /** Query positions per sample (1 when decoding one token). */
      queries: number;
      /** Key positions per sample (the KV cache's length when decoding). */
      keys: number;
      /** A causal mask: each query sees the keys up to its own position. */
      causal?: boolean;
      /**
       * How it runs: 'flash' (default), one fused kernel (SDPA's flash, cuDNN or
       * memory-efficient kernel), or 'math', written out in ops that store the scores.
       */
      implementation?: AttentionImplementation;
      /**
       * Rotary position embeddings applied to Q and K in Python, as Hugging Face's Llama does
       * (`apply_rotary_pos_emb`: for each, a product with cos, `rotate_half`'s negation and
       * concatenation, a product with sin and a sum).
       */
      rotary?: boolean;
      /**
       * Hugging Face's `DynamicCache`: each forward concatenates the new keys and values onto
       * the cache (`use_cache=True`, its default, in training too), copying the whole cache.
       */
      cacheUpdate?: boolean;
    }
  | {
      type: 'lstm' | 'gru';
      name?: string;
      inputSize: number;
      hiddenSize: number;
      /** Time steps, run one after another. */
      steps: number;
    }
  | {
      type: 'softmax-cross-entropy';
      name?: string;
      classes: number;
      tokens?: number;
      /**
       * The logits are upcast to fp32 before the loss, as Hugging Face's causal language models
       * do (`logits.float()`); default false (PyTorch's own cross-entropy under autocast).
       */
      upcastFirst?: boolean;
    }
  | { type: 'residual-add'; name?: string; elements: number }
  /** Element-wise product of two tensors of `elements` each (the gate of a SwiGLU MLP). */
  | { type: 'multiply'; name?: string; elements: number }
  /**
   * `nn.Dropout` over `elements` per sample: in training it zeroes a random share and keeps a
   * one-byte mask for backward; at inference it does nothing (no kernel).
   */
  | { type: 'dropout'; name?: string; elements: number };

/** The kind of layer a spec describes. */
export type LayerType = LayerSpec['type'];

/** What one layer costs, per sample (times the batch) plus what does not scale with it. */
export interface LayerCost {
  /** The layer's name (`layer3.2.conv1`), or its type and position when it had none. */
  name: string;
  type: LayerType;
  /** Trainable parameters (0 for a layer whose weights are another layer's). */
  params: number;
  /**
   * Parameter tensors those parameters come in (a linear layer's weight and bias are 2): the
   * optimizer and `zero_grad` pay their host cost per tensor, and autograd accumulates each.
   */
  paramTensors: number;
  /** Elements of weights the forward pass reads, once per batch (shared weights included). */
  weightElements: number;
  /** FLOPs of the forward pass for one sample (a multiply-add counts as 2). */
  forwardFlops: number;
  /** FLOPs of the backward pass for one sample (input and weight gradients). */
  backwardFlops: number;
  /** Activation elements the forward pass reads and writes for one sample (weights apart). */
  forwardIoElements: number;
  /** Activation elements the backward pass reads and writes for one sample. */
  backwardIoElements: number;
  /** Elements kept from the forward pass for the backward pass, for one sample. */
  savedElements: number;
  /** Elements of the layer's output for one sample. */
  outputElements: number;
  /** True when it runs as matrix products (tensor cores in tf32 and under autocast). */
  matmul: boolean;
  /**
   * For a product whose dimensions are not multiples of 8 (a vocabulary of 30,522 or 50,257):
   * the largest power of two that divides them (2 or 1; 4 possible), which sets how wide the
   * loads of the kernels cuBLAS falls back to can be. Absent means aligned (8 or more).
   */
  alignmentElements?: number;
  /**
   * Attention written out in ops that store the scores (`implementation: 'math'`): its score
   * elements per sample, h·q·k. Absent for fused attention and every other layer.
   */
  mathScoreElements?: number;
  /** A cross-entropy whose logits are upcast to fp32 first (`upcastFirst`). Absent means no. */
  upcastLogits?: boolean;
  /** Kernel launches of the forward pass (the backward pass takes about twice as many). */
  forwardKernels: number;
  /** Attention's Python extras, as its spec gives them (dispatch.ts counts their ops). */
  rotary?: boolean;
  cacheUpdate?: boolean;
  /**
   * Elements those extras move per sample besides the layer's own input and output (the
   * rotary passes, the cache's copy), forward and backward; absent means none.
   */
  extraForwardIoElements?: number;
  extraBackwardIoElements?: number;
  /**
   * Elements a `DynamicCache` update moves per sample, counted at the bandwidth its strided copy
   * reaches (eager only: compiled code and CUDA graphs need a static cache, written in place).
   */
  cacheCopyElements?: number;
  /**
   * Dependent steps inside the layer (time steps of an LSTM): each runs as its own small
   * product, one after another, so the batch is all the parallelism a step has. 1 otherwise.
   */
  serialSteps: number;
  /** Key and value cache elements per sample that decoding keeps (attention only; else 0). */
  kvCacheElements: number;
}

/** What a network is used for when a zoo builds it. */
export interface BuildOptions {
  /** Sequence length for sequence models (tokens, or time steps). */
  seq: number;
  /** Training (with its pretraining heads), or inference. */
  mode: 'train' | 'inference';
  /** For decoder language models at inference: a whole prompt, or one token with a cache. */
  phase?: 'forward' | 'prefill' | 'decode';
  /**
   * Where a masked-LM head runs in training: on every position, as Hugging Face's
   * BertForPreTraining computes its logits (default), or on the masked positions only, gathered
   * first, as NVIDIA's BERT scripts do.
   */
  mlmPositions?: MlmPositions;
  /** How attention runs (default 'flash': what SDPA picks on these GPUs and precisions). */
  attention?: AttentionImplementation;
}

/** How attention runs: one fused kernel, or the formula in separate ops (attention.ts). */
export type AttentionImplementation = 'flash' | 'math';

/** Every attention implementation, the default first. */
export const ATTENTION_IMPLEMENTATIONS: readonly AttentionImplementation[] = ['flash', 'math'];

/** Where a masked-LM head computes its logits. */
export type MlmPositions = 'all' | 'masked';

/** Every MLM head choice, the default first. */
export const MLM_POSITIONS: readonly MlmPositions[] = ['all', 'masked'];

/** A network in the zoo: its id, what it is, and how its layers are built for a use. */
export interface ZooNetwork {
  id: string;
  name: string;
  family: 'mlp' | 'cnn' | 'encoder' | 'decoder' | 'rnn';
  /** Parameter count as its authors publish it, with the source, for the test that checks it. */
  publishedParams: { value: number; source: string };
  /** Sequence length used when a scenario gives none. */
  defaultSeq: number;
  /** The largest sequence the network accepts (its position table), or null. */
  maxSeq: number | null;
  build(options: BuildOptions): LayerSpec[];
}
