/**
 * The fused attention core, per sample: scores Q·Kᵀ, softmax, and the weighted sum of V, as one
 * flash-attention kernel. The Q/K/V and output projections are separate linear layers. h query
 * heads, g key/value heads (default h; g must divide h), head size d, q queries, k keys.
 *
 * - forward: matmul FLOPs 4·h·q·k·d (two products of 2·h·q·k·d) plus softmax 5·h·q·k; both
 *   halved when causal with q = k (a flash kernel skips the masked blocks). A causal layer with
 *   more queries than keys is an error (a query sees the keys up to its own position).
 * - backward 2.5× forward (flash attention's backward recomputes the scores: Dao et al. 2022).
 * - forwardIo h·q·d (Q) + 2·g·k·d (K, V) + h·q·d (O); backwardIo 2× forwardIo.
 * - saved h·q·d + 2·g·k·d + h·q·d + h·q (Q, K, V, O and the log-sum-exp per query row).
 * - output h·q·d; kvCacheElements 2·g·k·d; params 0; matmul; 1 kernel.
 *
 * `implementation: 'math'` is the formula written out, as Hugging Face's "eager" attention and
 * SDPA's math fallback run it: scores = Q·Kᵀ, times the scale, plus the mask, softmax (in fp32
 * under autocast, cast back), dropout, then times V. The h·q·k scores are stored and moved by
 * every op (`MATH_ATTENTION_SCORE_ELEMENTS`), the causal half is computed and then masked, and
 * backward stores nothing new: 2× the forward's products plus the element-wise passes.
 */
import { estimate, type Figure } from '../../../catalog/figure';
import { H200_EAGER } from '../../../catalog/network-sources';
import { ATTENTION_IMPLEMENTATIONS } from '../types';
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/**
 * Elements of the score tensor (h·q·k per sample, counted in 16-bit elements: an fp32 one is
 * two) that each pass of math attention reads and writes, op by op as Hugging Face's
 * `eager_attention_forward` runs under autocast:
 *
 * - forward 14.5: Q·Kᵀ writes the scores (1); the scale reads and writes them (2); the mask
 *   add reads and writes (2); softmax reads 16-bit and writes fp32 (1 + 2); the cast back reads
 *   fp32 and writes 16-bit (2 + 1); dropout reads, writes and writes its byte mask (1 + 1 + 0.5);
 *   the product with V reads the probabilities (1);
 * - backward 20.5: the product's gradient reads the probabilities and writes their gradient
 *   (2); dropout's backward reads it and the mask and writes (2.5); the cast's backward reads
 *   16-bit and writes fp32 (3); softmax's backward reads the gradient twice and the fp32 output
 *   once and writes (8); the scale's backward reads and writes (3); Q·Kᵀ's two gradient
 *   products read the scores' gradient (2);
 * - saved 3.5: softmax's fp32 output (2), dropout's mask (0.5) and output (1).
 */
export const MATH_ATTENTION_SCORE_ELEMENTS = { forward: 14.5, backward: 20.5, saved: 3.5 };

/**
 * Element passes of Hugging Face's Python rotary embedding per element of Q and of the new K:
 * `x * cos` (read x and cos, write: 3), `rotate_half`'s negation (2) and concatenation (2),
 * `* sin` (3), the sum (3). Backward runs the same passes back. Five kernels for each of Q and K.
 */
export const ROTARY_PASSES_PER_ELEMENT = 13;

/** Kernels of the rotary embedding: five for Q, five for K. */
export const ROTARY_KERNELS = 10;

/** Kernels of a `DynamicCache` update: one concatenation for K, one for V. */
export const CACHE_UPDATE_KERNELS = 2;

/**
 * Share of the memory bandwidth the cache's concatenation reaches: its new keys and values are
 * transposed views, so PyTorch's `CatArrayBatchedCopy` takes its strided, unvectorised path.
 * Measured in the H200 GPT-2 trace (tests/fixtures/traces): 24 concatenations per step of
 * 8 × 12 × 512 × 64 bf16 values (6.3 MB read, 6.3 MB written each) in 0.485 ms, 0.62 TB/s,
 * 0.146 of the 4.255 TB/s a streaming copy reaches.
 */
export const CACHE_COPY_BANDWIDTH_SHARE: Figure = estimate(
  0.146,
  'fraction of copy bandwidth',
  H200_EAGER,
  'measured: 24 x 12.6 MB moved in 0.485 ms per step in the H200 GPT-2 trace, against 4.255 TB/s',
);

/** Kernels of math attention: forward (with dropout in training) and backward. */
export const MATH_ATTENTION_KERNELS = { forward: 7, backward: 10 };

/** The cost of fused attention per sample (conventions in the module comment). */
export function attentionWork(spec: SpecOf<'attention'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const heads = read.positive('heads');
  const kvHeads = read.optionalPositive('kvHeads', heads);
  const headDim = read.positive('headDim');
  const queries = read.positive('queries');
  const keys = read.positive('keys');
  const causal = read.optionalBoolean('causal', false);
  const implementation = spec.implementation ?? 'flash';
  if (!ATTENTION_IMPLEMENTATIONS.includes(implementation)) {
    throw new RangeError(
      `${label}: implementation must be ${ATTENTION_IMPLEMENTATIONS.join(' or ')}, got ${String(implementation)}`,
    );
  }
  if (heads % kvHeads !== 0) {
    throw new RangeError(`${label}: kvHeads (${kvHeads}) must divide heads (${heads})`);
  }
  if (causal && queries > keys) {
    throw new RangeError(
      `${label}: queries (${queries}) cannot exceed keys (${keys}) under a causal mask`,
    );
  }
  const matmulFlops = 4 * heads * queries * keys * headDim;
  const softmaxFlops = 5 * heads * queries * keys;
  const q = heads * queries * headDim;
  const kv = 2 * kvHeads * keys * headDim;
  const forwardIo = q + kv + q;
  const rotary = read.optionalBoolean('rotary', false);
  const cacheUpdate = read.optionalBoolean('cacheUpdate', false);
  // Rotary passes over Q and the new K; the cache update reads the old cache and the new keys
  // and values and writes the whole cache again.
  const newKeys = kvHeads * queries * headDim;
  const extrasIo = rotary ? ROTARY_PASSES_PER_ELEMENT * (q + newKeys) : 0;
  // The cache's copy counts at the bandwidth it reaches: its bytes over the share.
  const cacheCopy = cacheUpdate ? (2 * kv) / CACHE_COPY_BANDWIDTH_SHARE.value : 0;
  const extrasBackwardIo = rotary ? ROTARY_PASSES_PER_ELEMENT * (q + newKeys) : 0;
  const extrasKernels = (rotary ? ROTARY_KERNELS : 0) + (cacheUpdate ? CACHE_UPDATE_KERNELS : 0);
  const flags = {
    ...(rotary ? { rotary: true } : {}),
    ...(cacheUpdate ? { cacheUpdate: true } : {}),
    ...(extrasIo > 0 ? { extraForwardIoElements: extrasIo } : {}),
    ...(cacheCopy > 0 ? { cacheCopyElements: cacheCopy } : {}),
    ...(extrasBackwardIo > 0 ? { extraBackwardIoElements: extrasBackwardIo } : {}),
  };
  if (implementation === 'math') {
    const scores = heads * queries * keys;
    const s = MATH_ATTENTION_SCORE_ELEMENTS;
    return layerWork({
      forwardFlops: matmulFlops + softmaxFlops,
      backwardFlops: 2 * matmulFlops + softmaxFlops,
      forwardIoElements: forwardIo + s.forward * scores,
      backwardIoElements: 2 * forwardIo + s.backward * scores,
      savedElements: q + kv + s.saved * scores,
      outputElements: q,
      kvCacheElements: kv,
      forwardKernels: MATH_ATTENTION_KERNELS.forward + extrasKernels,
      ...flags,
      mathScoreElements: scores,
      matmul: true,
    });
  }
  const share = causal && queries === keys ? 0.5 : 1;
  const forwardFlops = share * (matmulFlops + softmaxFlops);
  return layerWork({
    forwardFlops,
    backwardFlops: 2.5 * forwardFlops,
    forwardIoElements: forwardIo,
    backwardIoElements: 2 * forwardIo,
    savedElements: q + kv + q + heads * queries,
    outputElements: q,
    kvCacheElements: kv,
    matmul: true,
    ...(extrasKernels > 0 ? { forwardKernels: 1 + extrasKernels } : {}),
    ...flags,
  });
}
