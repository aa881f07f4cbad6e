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
 */
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/** The cost of fused attention per sample (conventions in the module comment). */
export function attentionWork(spec: SpecOf<'attention'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const heads = read.positive('heads');
  const kvHeads = read.optionalPositive('kvHeads', heads);
  const headDim = read.positive('headDim');
  const queries = read.positive('queries');
  const keys = read.positive('keys');
  const causal = read.optionalBoolean('causal', false);
  if (heads % kvHeads !== 0) {
    throw new RangeError(`${label}: kvHeads (${kvHeads}) must divide heads (${heads})`);
  }
  if (causal && queries > keys) {
    throw new RangeError(
      `${label}: queries (${queries}) cannot exceed keys (${keys}) under a causal mask`,
    );
  }
  const share = causal && queries === keys ? 0.5 : 1;
  const matmulFlops = 4 * heads * queries * keys * headDim;
  const softmaxFlops = 5 * heads * queries * keys;
  const forwardFlops = share * (matmulFlops + softmaxFlops);
  const q = heads * queries * headDim;
  const kv = 2 * kvHeads * keys * headDim;
  const forwardIo = q + kv + q;
  return layerWork({
    forwardFlops,
    backwardFlops: 2.5 * forwardFlops,
    forwardIoElements: forwardIo,
    backwardIoElements: 2 * forwardIo,
    savedElements: q + kv + q + heads * queries,
    outputElements: q,
    kvCacheElements: kv,
    matmul: true,
  });
}
