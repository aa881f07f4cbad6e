/**
 * Memory per GPU of a training layout: model state (weights, gradients, optimizer moments) as
 * the sharding keeps it, the weights FSDP gathers for the layers in flight, the activations a
 * pipeline stage keeps for its micro-batches in flight under the checkpointing policy, the
 * output layer's logits, and the runtime's reserve.
 */
import { headDim, layerMatrixElements } from '../serving/decoder';
import { TRAINING_RESERVE_BYTES } from './constants';
import { sliceParams, type Layout } from './layout';

/** Where one GPU's memory goes. */
export interface ParallelMemory {
  /** fp32 weights, gradients and optimizer moments, as the sharding keeps them. */
  stateBytes: number;
  /** 16-bit weights gathered for the layers in flight (FSDP) or kept whole (the rest). */
  gatheredWeightBytes: number;
  /** Activations kept for the backward pass. */
  activationBytes: number;
  /** The output layer's logits, the loss's fp32 soft-max and their gradient. */
  logitBytes: number;
  reserveBytes: number;
  totalBytes: number;
  capacityBytes: number;
  fits: boolean;
}

/** Optimizer moments per parameter, in fp32 bytes. */
const MOMENT_BYTES = { adamw: 8, adam: 8, sgd: 4 };

/**
 * 16-bit values each token keeps per layer without checkpointing (Korthikanti et al. 2022's
 * count with fused attention and no dropout): five hidden-wide tensors (the two norms' inputs
 * and outputs and the attention block's output; split under sequence parallel), Q, K and V, the
 * attention output, the MLP's up (and gate) outputs and its activation.
 */
function savedElementsPerToken(layout: Layout): number {
  const { spec, tp } = layout;
  const rowsSplit = layout.sequenceParallel && tp > 1 ? tp : 1;
  const d = headDim(spec);
  return (
    (5 * spec.hidden) / rowsSplit +
    ((spec.heads + 2 * Math.max(spec.kvHeads, tp)) * d) / tp +
    spec.hidden / tp +
    ((spec.gated ? 3 : 2) * spec.ffn) / tp
  );
}

/** The memory plan of a resolved layout. */
export function parallelMemory(layout: Layout): ParallelMemory {
  const { spec, tp, cp, pp, dp } = layout;
  const slice = sliceParams(spec, tp, pp);
  const shard = dp * cp;
  const moments = MOMENT_BYTES[layout.optimizer];
  // fp32 weights (4), fp32 gradients (4), moments: sharded by ZeRO stage.
  const weightShare = layout.sharding === 'zero3' ? shard : 1;
  const gradShare = layout.sharding === 'zero2' || layout.sharding === 'zero3' ? shard : 1;
  const momentShare = layout.sharding === 'replicate' ? 1 : shard;
  const stateBytes = slice * (4 / weightShare + 4 / gradShare + moments / momentShare);
  const layerWeights = layerMatrixElements(spec) / tp;
  // FSDP holds two layers' gathered 16-bit weights (one computing, one prefetched); the others
  // keep a 16-bit copy of the whole slice for the products.
  const gatheredWeightBytes = layout.sharding === 'zero3' ? 2 * layerWeights * 2 : slice * 2;

  const layersPerStage = Math.ceil(spec.layers / pp);
  const tokens = (layout.microBatch * layout.seq) / cp;
  const full = tokens * savedElementsPerToken(layout) * 2;
  const mathScores =
    layout.attention === 'math'
      ? 2 * layout.microBatch * (spec.heads / tp) * (layout.seq / cp) * layout.seq * 2
      : 0;
  const perLayer = full + mathScores;
  const checkpointed = (tokens * spec.hidden * 2) / (layout.sequenceParallel ? tp : 1);
  const keptPerLayer =
    layout.checkpointing === 'full'
      ? checkpointed
      : layout.checkpointing === 'selective'
        ? (perLayer + checkpointed) / 2
        : perLayer;
  // 1F1B keeps up to p micro-batches in flight on the first stage; GPipe all of them.
  const inFlight =
    pp === 1 ? 1 : layout.schedule === 'gpipe' ? layout.gradAccum : Math.min(pp, layout.gradAccum);
  const recomputeWorkspace = layout.checkpointing === 'none' ? 0 : perLayer;
  const activationBytes = inFlight * layersPerStage * keptPerLayer + recomputeWorkspace;
  // Logits in 16 bits, the loss's fp32 soft-max and the 16-bit gradient: 8 bytes a logit.
  const logitBytes = tokens * (spec.vocab / tp) * 8;
  const reserveBytes = TRAINING_RESERVE_BYTES.value;
  const totalBytes = stateBytes + gatheredWeightBytes + activationBytes + logitBytes + reserveBytes;
  const capacityBytes = layout.gpu.memoryBytes.value;
  return {
    stateBytes,
    gatheredWeightBytes,
    activationBytes,
    logitBytes,
    reserveBytes,
    totalBytes,
    capacityBytes,
    fits: totalBytes <= capacityBytes,
  };
}
