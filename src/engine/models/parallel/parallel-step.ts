/**
 * One optimizer step of a decoder trained over many GPUs: each pipeline stage's micro-batch
 * (forward, backward, recomputation, tensor parallel's all-reduces, ring attention's exchanges),
 * the pipeline schedule with its bubble, data parallel's gathers and reductions with the part
 * the compute hides, and the optimizer. Throughput, MFU and HFU follow; memory is parallel-
 * memory.ts's.
 */
import { achievableBusBytesPerSecond } from '../../catalog/interconnects';
import { achievableMemoryBytesPerSecond, chooseUnit } from '../kernel';
import { predictMultiNodeRing, predictRing, type RingCollectiveKind } from '../collectives';
import { headDim, layerMatrixElements, decoderParams } from '../serving/decoder';
import {
  HOPPER_TRAINING_ATTENTION_SHARE,
  HOPPER_TRAINING_SHARE,
  TRAINING_ATTENTION_SHARE,
  TRAINING_PRODUCT_SHARE,
} from './constants';
import {
  groupPlacement,
  isHopper,
  resolveLayout,
  sliceParams,
  type Layout,
  type ParallelSetup,
} from './layout';
import { parallelMemory, type ParallelMemory } from './parallel-memory';

/** One micro-batch on one pipeline stage, by part (seconds). */
export interface MicroBatchTime {
  forwardSeconds: number;
  backwardSeconds: number;
  recomputeSeconds: number;
  /** Tensor parallel's all-reduces (or reduce-scatters and all-gathers), forward and backward. */
  tensorParallelSeconds: number;
  /** Ring attention's key/value exchanges the attention does not hide. */
  contextParallelSeconds: number;
  /** Sending activations and their gradients to the neighbouring stages. */
  pipelineSendSeconds: number;
  seconds: number;
}

/** One optimizer step, by part, and what it yields. */
export interface ParallelStepPrediction {
  seconds: number;
  tokensPerSecondPerGpu: number;
  /** Model FLOPs (6 per parameter per token plus attention, 12·layers·hidden·seq per token) over the peak. */
  mfu: number;
  /** The same with recomputation counted. */
  hfu: number;
  bytesPerGpu: number;
  fits: boolean;
  memory: ParallelMemory;
  microBatch: MicroBatchTime;
  /** Micro-batches each stage runs per step. */
  microBatches: number;
  /** Share of the pipeline's time its stages sit idle: (p − 1) / (m + p − 1) for 1F1B. */
  bubbleShare: number;
  pipelineSeconds: number;
  /** Data parallel's gathers and reductions in all, and the part compute does not hide. */
  dataParallelSeconds: number;
  exposedDataParallelSeconds: number;
  optimizerSeconds: number;
  /** Tokens one step trains on, over every GPU. */
  tokensPerStep: number;
  layout: Layout;
}

/** Bytes per element of 16-bit activations and parameters. */
const HALF = 2;
/** Bytes of an fp32 gradient as FSDP reduces it (torchtitan's reduce_dtype). */
const FP32 = 4;
/** Optimizer bytes moved per parameter: fp32 weight read and written, gradient read, states. */
const OPTIMIZER_BYTES = {
  adamw: 4 * 2 + 4 + 8 * 2,
  adam: 4 * 2 + 4 + 8 * 2,
  sgd: 4 * 2 + 4 + 4 * 2,
};

/** The rates a layout's kernels run at on its GPU. */
function rates(layout: Layout) {
  const product = chooseUnit(layout.gpu, 'matmul', layout.precision);
  const sixteen = chooseUnit(layout.gpu, 'matmul', layout.precision === 'fp16' ? 'fp16' : 'bf16');
  const hopper = isHopper(layout);
  return {
    productFlopsPerSecond:
      product.peakFlopsPerSecond.value *
      product.achievableFraction.value *
      TRAINING_PRODUCT_SHARE.value *
      (hopper ? HOPPER_TRAINING_SHARE.value : 1),
    attentionFlopsPerSecond:
      sixteen.peakFlopsPerSecond.value *
      (hopper ? HOPPER_TRAINING_ATTENTION_SHARE.value : TRAINING_ATTENTION_SHARE.value),
    bytesPerSecond: achievableMemoryBytesPerSecond(layout.gpu),
    peakFlopsPerSecond: product.peakFlopsPerSecond.value,
  };
}

/** A ring collective over a group of `size` ranks spaced `stride` apart in the cluster. */
function groupCollective(
  layout: Layout,
  kind: RingCollectiveKind,
  bytes: number,
  size: number,
  stride: number,
): number {
  if (size <= 1 || bytes <= 0) return 0;
  const { perNode, nodes } = groupPlacement(layout, size, stride);
  if (nodes === 1) return predictRing(kind, { bytes, gpus: size, link: layout.link.id }).seconds;
  return predictMultiNodeRing(kind, {
    bytes,
    gpusPerNode: perNode,
    nodes,
    intraNodeLink: layout.link.id,
    interNodeLink: layout.nodeLink.id,
    nicsPerNode: perNode,
  }).seconds;
}

/** One micro-batch through one stage's layers (and the head, on the stage that has it). */
function microBatchTime(layout: Layout, layers: number, withHead: boolean): MicroBatchTime {
  const { spec, tp, cp, microBatch, seq } = layout;
  const r = rates(layout);
  const tokens = (microBatch * seq) / cp;
  const d = headDim(spec);
  // Products: 2 FLOPs per weight per token forward, twice that backward.
  const productForward = (2 * tokens * layerMatrixElements(spec)) / tp / r.productFlopsPerSecond;
  // Causal attention: each local query meets half the sequence's keys on average.
  const attentionFlops = 4 * microBatch * (seq / cp) * (seq / 2) * (spec.heads / tp) * d;
  const attentionForward = attentionFlops / r.attentionFlopsPerSecond;
  const mathScores =
    layout.attention === 'math'
      ? // Scores written, masked, soft-maxed and read back in 16 bits: about 8 passes.
        (8 * HALF * microBatch * (spec.heads / tp) * (seq / cp) * seq) / r.bytesPerSecond
      : 0;
  const rowsSplit = layout.sequenceParallel && tp > 1 ? tp : 1;
  const elementwiseForward =
    (tokens * HALF * ((8 * spec.hidden) / rowsSplit + (3 * spec.ffn) / tp)) / r.bytesPerSecond;
  const forwardLayer = productForward + attentionForward + mathScores + elementwiseForward;
  // Backward: products twice, flash attention 2.5 times (it recomputes the scores), the rest twice.
  const backwardLayer =
    2 * productForward + 2.5 * attentionForward + 2 * mathScores + 2 * elementwiseForward;
  const recomputeLayer =
    layout.checkpointing === 'full'
      ? forwardLayer
      : layout.checkpointing === 'selective'
        ? forwardLayer / 2
        : 0;
  // Two all-reduces forward and two backward per layer (as reduce-scatters and all-gathers under
  // sequence parallel: the same bytes), inside the node.
  const tpBytes = tokens * spec.hidden * HALF;
  const tpLayer =
    tp > 1
      ? 4 * predictRing('all-reduce', { bytes: tpBytes, gpus: tp, link: layout.link.id }).seconds
      : 0;
  // Ring attention passes each rank's keys and values round the context group: forward once,
  // backward twice (keys and values, then their gradients); attention hides what it can.
  const kvBytes = 2 * microBatch * (seq / cp) * Math.max(1, spec.kvHeads / tp) * d * HALF;
  const cpSend = cp > 1 ? ((cp - 1) * kvBytes) / achievableBusBytesPerSecond(layout.link) : 0;
  const cpLayer =
    Math.max(0, cpSend - attentionForward) + Math.max(0, 2 * cpSend - 2.5 * attentionForward);

  let forward = layers * forwardLayer;
  let backward = layers * backwardLayer;
  if (withHead) {
    const head = (2 * tokens * spec.hidden * spec.vocab) / tp / r.productFlopsPerSecond;
    // The loss: logits upcast to fp32, soft-maxed, its gradient written: about 12 bytes a logit.
    const loss = (12 * tokens * (spec.vocab / tp)) / r.bytesPerSecond;
    forward += head + loss;
    backward += 2 * head + loss;
  }
  const recompute = layers * recomputeLayer;
  const tensorParallel = layers * tpLayer;
  const contextParallel = layers * cpLayer;
  const pipelineSend = layout.pp > 1 ? (2 * tpBytes) / stageLinkBytesPerSecond(layout) : 0;
  return {
    forwardSeconds: forward,
    backwardSeconds: backward,
    recomputeSeconds: recompute,
    tensorParallelSeconds: tensorParallel,
    contextParallelSeconds: contextParallel,
    pipelineSendSeconds: pipelineSend,
    seconds: forward + backward + recompute + tensorParallel + contextParallel + pipelineSend,
  };
}

/** Bandwidth between neighbouring pipeline stages: across nodes once a stage fills a node. */
function stageLinkBytesPerSecond(layout: Layout): number {
  const stageGpus = layout.gpus / layout.pp;
  return stageGpus >= layout.gpusPerNode
    ? achievableBusBytesPerSecond(layout.nodeLink)
    : achievableBusBytesPerSecond(layout.link);
}

/** Predicts one optimizer step of the layout. */
export function predictParallelStep(setup: ParallelSetup): ParallelStepPrediction {
  const layout = resolveLayout(setup);
  const { spec, tp, cp, pp, dp, gradAccum } = layout;
  const r = rates(layout);
  const layersPerStage = Math.ceil(spec.layers / pp);
  // The slowest stage sets the pipeline's pace: the last holds the output layer and the loss.
  const stage = microBatchTime(layout, layersPerStage, true);
  const m = gradAccum;
  const virtual = layout.schedule === 'interleaved' && pp > 1 ? 2 : 1;
  const bubbleMicroBatches =
    layout.schedule === 'gpipe' || layout.schedule === '1f1b' ? pp - 1 : (pp - 1) / virtual;
  const pipelineSeconds = (m + bubbleMicroBatches) * stage.seconds;
  const bubbleShare = bubbleMicroBatches / (m + bubbleMicroBatches);

  // Data parallel over the data and context ranks (FSDP shards over both, as torchtitan does).
  const shardGroup = dp * cp;
  const stride = tp;
  const slice = sliceParams(spec, tp, pp);
  let dataParallel = 0;
  let hidden = 0;
  // ZeRO-1/2 gather the updated weights after the optimizer: nothing is left to hide them.
  let afterOptimizer = 0;
  if (layout.sharding === 'zero3') {
    // Each micro-batch gathers the weights for the forward and again for the backward, and
    // reduce-scatters the gradients in fp32; it overlaps with that micro-batch's compute.
    const gather = groupCollective(layout, 'all-gather', slice * HALF, shardGroup, stride);
    const scatter = groupCollective(layout, 'reduce-scatter', slice * FP32, shardGroup, stride);
    dataParallel = m * (2 * gather + scatter);
    hidden = m * stage.seconds;
  } else {
    // One reduction of the accumulated gradients per step, under the last backward; the ZeRO
    // stages then gather the updated weights.
    const reduce =
      layout.sharding === 'replicate'
        ? groupCollective(layout, 'all-reduce', slice * FP32, shardGroup, stride)
        : groupCollective(layout, 'reduce-scatter', slice * FP32, shardGroup, stride);
    const gatherAfter =
      layout.sharding === 'replicate'
        ? 0
        : groupCollective(layout, 'all-gather', slice * HALF, shardGroup, stride);
    dataParallel = reduce + gatherAfter;
    afterOptimizer = gatherAfter;
    hidden = stage.backwardSeconds;
  }
  // The first gather of a step cannot hide: nothing runs before it.
  const firstGather = layout.sharding === 'zero3' ? dataParallel / (m * 3 * layersPerStage) : 0;
  const exposedDataParallel =
    Math.max(dataParallel - afterOptimizer - hidden, firstGather) + afterOptimizer;

  const optimizerShard = layout.sharding === 'replicate' ? 1 : shardGroup;
  const optimizerSeconds =
    ((slice / optimizerShard) * OPTIMIZER_BYTES[layout.optimizer]) / r.bytesPerSecond;
  const seconds = pipelineSeconds + exposedDataParallel + optimizerSeconds;

  const tokensPerStep = dp * layout.microBatch * gradAccum * layout.seq;
  const modelFlopsPerToken = 6 * decoderParams(spec) + 12 * spec.layers * spec.hidden * layout.seq;
  const recomputeShare =
    layout.checkpointing === 'full' ? 1 / 3 : layout.checkpointing === 'selective' ? 1 / 6 : 0;
  const peak = layout.gpus * r.peakFlopsPerSecond;
  const mfu = (modelFlopsPerToken * tokensPerStep) / seconds / peak;
  const memory = parallelMemory(layout);
  return {
    seconds,
    tokensPerSecondPerGpu: tokensPerStep / seconds / layout.gpus,
    mfu,
    hfu: mfu * (1 + recomputeShare),
    bytesPerGpu: memory.totalBytes,
    fits: memory.fits,
    memory,
    microBatch: stage,
    microBatches: m,
    bubbleShare,
    pipelineSeconds,
    dataParallelSeconds: dataParallel,
    exposedDataParallelSeconds: exposedDataParallel,
    optimizerSeconds,
    tokensPerStep,
    layout,
  };
}
