/**
 * The time of one layer's forward and backward passes on a GPU, for a batch and a precision:
 * each pass is a few kernels, and each kernel takes the larger of its compute time (FLOPs over
 * the achievable rate of the unit it runs on) and its memory time (bytes over the achievable
 * bandwidth), the roofline of kernel.ts, plus a short gap the GPU spends between kernels. The
 * launch cost itself is paid on the host, in parallel (step-time.ts). Pure.
 */
import type { Gpu } from '../../catalog/hardware';
import { achievableMemoryBytesPerSecond, chooseUnit } from '../kernel';
import { finiteResult } from '../validate';
import { estimate, type Figure } from '../../catalog/figure';
import { isNewGelu } from './layers/activation';
import { crossEntropyPassBytes } from './layers/loss';
import {
  fusedAttentionFlopsPerSecond,
  misalignedGemmScale,
  networkMatmulFlopsPerSecond,
  type PassKind,
} from './matmul-efficiency';
import { FP32_BYTES, type PrecisionPlan } from './precision';
import { PYTORCH_OVERHEADS } from '../../catalog/network-sources';
import type { LayerCost } from './types';

/** What bounds a pass: its arithmetic, its memory traffic, or the gaps between its kernels. */
export type PassBound = 'compute' | 'memory' | 'overhead';

/** One pass of one layer on the GPU. */
export interface PassTime {
  seconds: number;
  computeSeconds: number;
  memorySeconds: number;
  /** Kernels the pass launches (each also costs the host a dispatch). */
  kernels: number;
  flops: number;
  bytes: number;
  bound: PassBound;
}

/** The GPU's idle time between two back-to-back kernels of one stream. */
export const KERNEL_GAP_SECONDS: Figure = estimate(
  2e-6,
  's',
  PYTORCH_OVERHEADS,
  'kernels queued ahead start about 1-3 us after the previous one ends',
);

/**
 * How a pass is dispatched, when the caller knows better than the layer's own defaults: the
 * kernels it launches (each adds a gap) and the share of its bytes it still moves (a fused
 * element-wise chain moves fewer).
 */
export interface PassDispatch {
  kernels?: number;
  bytesScale?: number;
  /** Seconds of GPU idle per kernel (CUDA graphs replay kernels closer together). */
  gapSeconds?: number;
  /** The KV cache is static (compiled or captured code): no DynamicCache copy. */
  staticCache?: boolean;
  /**
   * Bytes per sample of autocast's cast of an fp32 input to 16 bits (forward) and of its
   * gradient back (backward): separate copy kernels beside the product.
   */
  castBytesPerSample?: number;
}

/** The work of one pass, before it is turned into time. */
interface PassWork {
  flops: number;
  bytes: number;
  /** Bytes of memory-bound kernels of their own beside the main one (attention's extras). */
  extraBytes?: number;
  kernels: number;
  gapSeconds?: number;
}

/** Achievable FLOP/s for a layer's arithmetic in one pass at this precision. */
export function layerFlopsPerSecond(
  gpu: Gpu,
  plan: PrecisionPlan,
  cost: LayerCost,
  pass: PassKind,
): number {
  if (cost.matmul) {
    if (cost.type === 'conv2d') {
      return networkMatmulFlopsPerSecond(gpu, 'convolution', pass, plan.conv);
    }
    if (cost.type === 'attention' && cost.mathScoreElements === undefined) {
      return fusedAttentionFlopsPerSecond(gpu, plan.matmul);
    }
    const rate = networkMatmulFlopsPerSecond(gpu, 'gemm', pass, plan.matmul);
    const onTensorCores = chooseUnit(gpu, 'matmul', plan.matmul).unit === 'tensor-core';
    return cost.alignmentElements !== undefined && onTensorCores
      ? rate * misalignedGemmScale(cost.alignmentElements)
      : rate;
  }
  const choice = chooseUnit(gpu, 'elementwise', 'fp32');
  return choice.peakFlopsPerSecond.value * choice.achievableFraction.value;
}

/** Turns a pass's work into time on `gpu`. */
function timeOf(
  gpu: Gpu,
  plan: PrecisionPlan,
  cost: LayerCost,
  pass: PassKind,
  work: PassWork,
): PassTime {
  const computeSeconds = work.flops / layerFlopsPerSecond(gpu, plan, cost, pass);
  const bandwidth = achievableMemoryBytesPerSecond(gpu);
  const coreMemorySeconds = work.bytes / bandwidth;
  // Separate kernels (the rotary passes, the cache's copy) do not overlap the main one.
  const extraSeconds = (work.extraBytes ?? 0) / bandwidth;
  const memorySeconds = coreMemorySeconds + extraSeconds;
  const gapSeconds = work.kernels * (work.gapSeconds ?? KERNEL_GAP_SECONDS.value);
  const busy = Math.max(computeSeconds, coreMemorySeconds) + extraSeconds;
  const bound: PassBound =
    gapSeconds > busy ? 'overhead' : computeSeconds >= memorySeconds ? 'compute' : 'memory';
  return {
    seconds: finiteResult(`${cost.name} seconds`, busy + gapSeconds),
    computeSeconds,
    memorySeconds,
    kernels: work.kernels,
    flops: work.flops,
    bytes: work.bytes + (work.extraBytes ?? 0),
    bound,
  };
}

/** Bytes of the weights a pass reads: 16-bit copies under AMP for products, fp32 otherwise. */
function weightBytes(plan: PrecisionPlan, cost: LayerCost): number {
  return cost.weightElements * (cost.matmul ? plan.weightReadBytes : 4);
}

/**
 * Activation elements a forward pass moves. Batch norm in training makes a statistics pass and
 * a normalising pass (3 per element); at inference it normalises with its running statistics,
 * one read and one write (2 per element).
 */
function forwardIoElements(cost: LayerCost, training: boolean): number {
  return cost.type === 'batchnorm2d' && !training
    ? (cost.forwardIoElements * 2) / 3
    : cost.forwardIoElements;
}

/**
 * Activation bytes a pass moves for one sample: elements times the activation dtype's bytes,
 * except for the cross-entropy, whose kernels run in fp32 whatever the activations are.
 */
function activationBytes(
  plan: PrecisionPlan,
  cost: LayerCost,
  pass: PassKind,
  training: boolean,
): number {
  if (cost.type === 'softmax-cross-entropy') {
    return crossEntropyPassBytes(cost.savedElements, pass, plan.activationBytes < 4);
  }
  const elements = pass === 'forward' ? forwardIoElements(cost, training) : cost.backwardIoElements;
  // Hugging Face's Python GELU (GPT-2's gelu_new) calls pow, which autocast runs in fp32: from
  // there on its chain of ops, and their gradients, are fp32 tensors whatever the precision.
  const bytes = isNewGelu(cost) ? Math.max(plan.activationBytes, FP32_BYTES) : plan.activationBytes;
  return elements * bytes;
}

/**
 * The forward pass for `batch` samples. Under AMP a matmul layer also casts its fp32 weights to
 * a 16-bit copy (one more kernel). A recurrent layer re-reads its weights every time step.
 */
export function forwardTime(
  gpu: Gpu,
  plan: PrecisionPlan,
  cost: LayerCost,
  batch: number,
  training: boolean,
  as: PassDispatch = {},
): PassTime {
  const cast = cost.matmul && plan.weightCastBytes > 0 && cost.weightElements > 0;
  const weightReads = weightBytes(plan, cost) * cost.serialSteps;
  const idle = cost.type === 'dropout' && !training;
  return timeOf(gpu, plan, cost, 'forward', {
    flops: idle ? 0 : cost.forwardFlops * batch,
    bytes: idle
      ? 0
      : (activationBytes(plan, cost, 'forward', training) * batch +
          weightReads +
          (cast ? cost.weightElements * plan.weightCastBytes : 0)) *
        (as.bytesScale ?? 1),
    extraBytes:
      ((cost.extraForwardIoElements ?? 0) + (as.staticCache ? 0 : (cost.cacheCopyElements ?? 0))) *
        plan.activationBytes *
        batch +
      (as.castBytesPerSample ?? 0) * batch,
    kernels: as.kernels ?? (idle ? 0 : cost.forwardKernels + (cast ? 1 : 0)),
    ...(as.gapSeconds === undefined ? {} : { gapSeconds: as.gapSeconds }),
  });
}

/**
 * The backward pass for `batch` samples: input and weight gradients, reading the weights again
 * and writing the fp32 gradient (AMP computes a 16-bit one and accumulates it into fp32).
 */
export function backwardTime(
  gpu: Gpu,
  plan: PrecisionPlan,
  cost: LayerCost,
  batch: number,
  as: PassDispatch = {},
): PassTime {
  const gradientBytes = cost.params * (plan.weightCopyBytes > 0 ? 2 + 2 + 4 : 4);
  return timeOf(gpu, plan, cost, 'backward', {
    flops: cost.backwardFlops * batch,
    bytes:
      (activationBytes(plan, cost, 'backward', true) * batch +
        weightBytes(plan, cost) * cost.serialSteps +
        gradientBytes) *
      (as.bytesScale ?? 1),
    extraBytes:
      (cost.extraBackwardIoElements ?? 0) * plan.activationBytes * batch +
      (as.castBytesPerSample ?? 0) * batch,
    kernels: as.kernels ?? 2 * cost.forwardKernels,
    ...(as.gapSeconds === undefined ? {} : { gapSeconds: as.gapSeconds }),
  });
}
