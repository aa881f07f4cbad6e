/**
 * The memory of a step, as PyTorch reports it. `max_memory_allocated()` counts the tensors alive
 * at the step's highest moment (memory-walk.ts walks the step to find it): weights, optimizer
 * state, the gradients made so far, AMP's 16-bit weight copies, the tensors layers keep for
 * backward (saved-tensors.ts: dtypes under autocast, tensors shared between layers, dropout
 * masks), the loss head's logits and what cross-entropy keeps (loss-head.ts), the short-lived
 * gradients of that moment and the cuBLAS workspaces (library-workspaces.ts); at inference the
 * weights (16-bit, or fp32 with autocast's cached 16-bit copies), the batch and the largest
 * input-output pair, and while generating a decoder's KV cache. `memory_reserved()`
 * adds what the caching allocator rounds and pools (allocator.ts). The CUDA context is outside
 * both: the GPU must hold it too. Pure.
 */
import { estimate, type Figure } from '../../catalog/figure';
import type { Gpu } from '../../catalog/hardware';
import { PYTORCH_ALLOCATOR } from '../../catalog/network-sources';
import { requirePositiveInteger } from '../validate';
import { reservedBytes } from './allocator';
import type { OptimizerForm } from './eager/optimizer-update';
import { libraryWorkspaces } from './library-workspaces';
import type { LossPartBytes } from './loss-head';
import { optimizerTemporaries, trainingPeak } from './memory-walk';
import { WEIGHT_AND_GRADIENT_BYTES_PER_PARAM, type OptimizerCost } from './optimizer';
import type { PrecisionPlan } from './precision';
import type { ModelStateShares } from './sharding';
import { stepTensors, type StepTensors } from './saved-tensors';
import type { LayerCost } from './types';

/** Memory the CUDA context takes before any tensor (driver, kernels, cuBLAS handles). */
export const CUDA_CONTEXT_BYTES: Figure = estimate(
  512 * 2 ** 20,
  'B',
  PYTORCH_ALLOCATOR,
  'about 0.3-0.6 GiB depending on GPU, driver and libraries loaded; not seen by the allocator',
);

/** Every GPU keeps the whole model state (plain DDP, or one GPU). */
const UNSHARDED: ModelStateShares = { weights: 1, gradients: 1, optimizer: 1 };

/** Bytes of an fp32 weight: the most a weight itself takes. */
const FP32_WEIGHT_BYTES = 4;

/** What the memory of a step is asked about. */
export interface MemoryInput {
  layers: readonly LayerCost[];
  batch: number;
  plan: PrecisionPlan;
  /** The optimizer of a training step; absent for inference. */
  optimizer?: OptimizerCost;
  checkpointing?: boolean;
  /**
   * Bytes per parameter an inference step holds: 2 for 16-bit weights, 4 for fp32 ones, and
   * above 4 for fp32 weights with autocast's cached 16-bit copies spread over the parameters
   * (the excess over 4 is shown as weight copies).
   */
  inferenceWeightBytes?: number;
  /** Inference that keeps a decoder's keys and values (prefill and decode, not a plain forward). */
  keepsKvCache?: boolean;
  /** The GPU, for its cuBLAS workspace size; without it, the H200's (Hopper's 32 MiB). */
  gpu?: Gpu;
  /** A chunked or fused cross-entropy: one chunk of the logits at a time (loss-head.ts). */
  /**
   * Compiled by Inductor (`compiled`, `reduce-overhead`): element-wise chains keep only what
   * their fused backward needs (saved-tensors.ts). Default: eager.
   */
  compiledMemory?: boolean;
  chunkedLoss?: boolean;
  /** The optimizer's form (default 'foreach', PyTorch's): a foreach Adam has temporaries. */
  optimizerForm?: OptimizerForm;
  /** What one GPU keeps of the model state under ZeRO or FSDP (default: all of it). */
  shares?: ModelStateShares;
  /** Weights FSDP has gathered whole for the units it is working on, in bytes (default 0). */
  gatheredBytes?: number;
}

/** The loss heads' tensors alive at the peak, in bytes. */
export interface LossHeadBreakdown {
  /** Logits held by the model's output (or the chunk being computed). */
  logitsBytes: number;
  /** What cross-entropy keeps: the log-probabilities and nll_loss's fp32 copy of them. */
  savedBytes: number;
  /** The gradients of those, alive at the peak (fp32, its 16-bit cast, the logits'). */
  gradientsBytes: number;
}

/** The parts of a step's peak memory, in bytes: what is alive at the moment of the peak. */
export interface MemoryBreakdown {
  weightsBytes: number;
  /** Gradients alive at the peak: those backward has made so far, or all of them at the step. */
  gradientsBytes: number;
  optimizerBytes: number;
  /** AMP's 16-bit copies of matmul weights, kept from forward to backward, still alive. */
  weightCopiesBytes: number;
  /** Tensors kept for backward and the input batch (training), or the largest live pair. */
  activationsBytes: number;
  /** The loss heads' logits and cross-entropy's tensors alive at the peak (training). */
  lossHeadBytes: number;
  kvCacheBytes: number;
  /** The transient buffers alive at the peak plus the cuBLAS workspaces. */
  workspaceBytes: number;
  /** What `torch.cuda.max_memory_allocated()` reports. */
  allocatedBytes: number;
  /** What `torch.cuda.memory_reserved()` reports: allocations rounded and pooled. */
  reservedBytes: number;
  contextBytes: number;
  /** Reserved plus the context: what the GPU must hold. */
  totalBytes: number;
  /** Weights, every gradient and the optimizer state: training's fixed cost, whatever the batch. */
  modelStateBytes: number;
  /** The layer whose backward a training peak falls in ('optimizer.step()' there); else null. */
  peakLayer: string | null;
  /** The layers keeping the most activation memory, largest first (at most five). */
  largestActivations: Array<{ name: string; bytes: number }>;
  /** The loss heads' part, split (null without a loss head or at inference). */
  lossHead: LossHeadBreakdown | null;
  /** The cuBLAS workspace allocations, each. */
  libraryWorkspaceBytes: readonly number[];
  /** Temporaries of the optimizer's step (a foreach Adam's square roots); 0 at inference. */
  optimizerTemporaryBytes: number;
  /** What each layer keeps (training; null at inference), for the step-through's replay. */
  tensors: StepTensors | null;
}

/** The eight parts that add up to the allocated peak. */
type MemoryParts = Pick<
  MemoryBreakdown,
  | 'weightsBytes'
  | 'gradientsBytes'
  | 'optimizerBytes'
  | 'weightCopiesBytes'
  | 'activationsBytes'
  | 'lossHeadBytes'
  | 'kvCacheBytes'
  | 'workspaceBytes'
>;

/** The loss-head split of a moment, or null when it holds nothing. */
function lossHeadBreakdown(parts: LossPartBytes): LossHeadBreakdown | null {
  const total = parts.logits + parts.saved + parts.gradients;
  return total > 0
    ? { logitsBytes: parts.logits, savedBytes: parts.saved, gradientsBytes: parts.gradients }
    : null;
}

/**
 * The activations alive at an inference step's peak: the batch the caller holds and the largest
 * input and output one layer has alive together (under no_grad nothing is kept for backward),
 * with autocast's 16-bit cast of an fp32 input beside them.
 */
function inferenceActivations(tensors: StepTensors, batch: number): number {
  const pairs = tensors.layers.map(
    (t, i) =>
      (i === 0 ? 0 : t.inputBytesPerSample) + t.outputBytesPerSample + t.inputCastBytesPerSample,
  );
  return (tensors.dataBytesPerSample + Math.max(0, ...pairs)) * batch;
}

/** Breaks the peak memory of a step down; pure arithmetic on the layer costs. */
export function stepMemory(input: MemoryInput): MemoryBreakdown {
  requirePositiveInteger('batch', input.batch);
  const { layers, batch, plan, optimizer } = input;
  const shares = input.shares ?? UNSHARDED;
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  const workspaces = libraryWorkspaces(input.gpu, optimizer !== undefined);
  const workspaceTotal = workspaces.reduce((a, b) => a + b, 0);
  let parts: MemoryParts;
  let peakLayer: string | null = null;
  let tensors: StepTensors | null = null;
  let lossHead: LossHeadBreakdown | null = null;
  if (optimizer) {
    tensors = stepTensors(layers, plan, input.compiledMemory ?? false);
    const moment = trainingPeak({
      tensors,
      batch,
      checkpointing: input.checkpointing ?? false,
      chunkedLoss: input.chunkedLoss ?? false,
      optimizer,
      optimizerForm: input.optimizerForm ?? 'foreach',
      params: params * shares.optimizer,
      gradientShare: shares.gradients,
    });
    peakLayer = moment.layer;
    lossHead = lossHeadBreakdown(moment.lossHead);
    parts = {
      weightsBytes: params * (WEIGHT_AND_GRADIENT_BYTES_PER_PARAM / 2) * shares.weights,
      gradientsBytes: moment.gradientsBytes,
      optimizerBytes: params * optimizer.stateBytesPerParam * shares.optimizer,
      weightCopiesBytes: moment.weightCopiesBytes,
      activationsBytes: moment.activationsBytes,
      lossHeadBytes: lossHead
        ? lossHead.logitsBytes + lossHead.savedBytes + lossHead.gradientsBytes
        : 0,
      kvCacheBytes: 0,
      workspaceBytes: moment.transientBytes + workspaceTotal + (input.gatheredBytes ?? 0),
    };
  } else {
    // Weights are at most fp32 (4 B): what a caller counts beyond that per parameter is
    // autocast's 16-bit copies, cached for the whole forward, no_grad or not.
    const perParam = input.inferenceWeightBytes ?? FP32_WEIGHT_BYTES;
    parts = {
      weightsBytes: params * Math.min(perParam, FP32_WEIGHT_BYTES),
      gradientsBytes: 0,
      optimizerBytes: 0,
      weightCopiesBytes: params * Math.max(0, perParam - FP32_WEIGHT_BYTES),
      activationsBytes: inferenceActivations(stepTensors(layers, plan), batch),
      lossHeadBytes: 0,
      kvCacheBytes: input.keepsKvCache
        ? layers.reduce((sum, l) => sum + l.kvCacheElements, 0) * batch * plan.activationBytes
        : 0,
      workspaceBytes: workspaceTotal,
    };
  }
  const allocatedBytes = Object.values(parts).reduce((sum, b) => sum + b, 0);
  const reserved = Math.max(
    reservedBytes(allocationSizes(input, parts, tensors, lossHead, workspaces)),
    allocatedBytes,
  );
  const contextBytes = CUDA_CONTEXT_BYTES.value;
  const half = WEIGHT_AND_GRADIENT_BYTES_PER_PARAM / 2;
  const modelStateBytes = optimizer
    ? params *
      (half * shares.weights +
        half * shares.gradients +
        optimizer.stateBytesPerParam * shares.optimizer)
    : parts.weightsBytes;
  return {
    ...parts,
    allocatedBytes,
    reservedBytes: reserved,
    contextBytes,
    totalBytes: reserved + contextBytes,
    modelStateBytes,
    peakLayer,
    largestActivations: tensors
      ? tensors.layers
          .map((t) => ({ name: t.name, bytes: t.savedBytesPerSample * batch + t.savedFixedBytes }))
          .filter((s) => s.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 5)
      : [],
    lossHead,
    libraryWorkspaceBytes: workspaces,
    optimizerTemporaryBytes: optimizer
      ? optimizerTemporaries(optimizer, input.optimizerForm ?? 'foreach', params * shares.optimizer)
      : 0,
    tensors,
  };
}

/**
 * The tensors, in order, that make up `total` bytes: whole tensors while they fit, then what is
 * left. The peak keeps the first layers' activations and the last layers' gradients alive.
 */
function tensorsUpTo(sizes: readonly number[], total: number): number[] {
  const out: number[] = [];
  let left = total;
  for (const size of sizes) {
    if (left <= 0) break;
    const take = Math.min(size, left);
    if (take > 0) out.push(take);
    left -= take;
  }
  return out;
}

/** The individual allocations behind the totals, for the allocator's rounding. */
function allocationSizes(
  input: MemoryInput,
  parts: MemoryParts,
  tensors: StepTensors | null,
  lossHead: LossHeadBreakdown | null,
  workspaces: readonly number[],
): number[] {
  const { layers, batch } = input;
  const perLayer = (bytesPerParam: number) => layers.map((l) => l.params * bytesPerParam);
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  const sizes: number[] = [];
  if (params > 0) {
    sizes.push(...tensorsUpTo(perLayer(parts.weightsBytes / params), parts.weightsBytes));
    sizes.push(...tensorsUpTo(perLayer(parts.optimizerBytes / params), parts.optimizerBytes));
    const gradientShare = input.shares?.gradients ?? 1;
    const grads = perLayer((WEIGHT_AND_GRADIENT_BYTES_PER_PARAM / 2) * gradientShare).reverse();
    sizes.push(...tensorsUpTo(grads, parts.gradientsBytes));
  }
  if (tensors) {
    const copies = tensors.layers.map((t) => t.weightCopyBytes);
    sizes.push(...tensorsUpTo(copies, parts.weightCopiesBytes));
    const saved = [
      tensors.dataBytesPerSample * batch,
      ...tensors.layers.map((t) => t.savedBytesPerSample * batch + t.savedFixedBytes),
    ];
    sizes.push(...tensorsUpTo(saved, parts.activationsBytes));
  } else if (parts.activationsBytes > 0) {
    sizes.push(parts.activationsBytes);
  }
  if (lossHead) sizes.push(lossHead.logitsBytes, lossHead.savedBytes, lossHead.gradientsBytes);
  sizes.push(parts.kvCacheBytes, ...workspaces);
  const workspaceTotal = workspaces.reduce((a, b) => a + b, 0);
  sizes.push(parts.workspaceBytes - workspaceTotal);
  return sizes.filter((b) => b > 0);
}

/** Whether a step's memory fits `gpu`. */
export function fitsOn(gpu: Gpu, memory: MemoryBreakdown): boolean {
  return memory.totalBytes <= gpu.memoryBytes.value;
}

/**
 * The largest batch whose step fits `gpu`, by bisection over batch sizes (memory grows with the
 * batch); 0 when not even one sample fits.
 */
export function largestBatch(
  gpu: Gpu,
  memoryAt: (batch: number) => MemoryBreakdown,
  maxBatch = 1 << 20,
): number {
  if (!fitsOn(gpu, memoryAt(1))) return 0;
  let low = 1;
  let high = maxBatch;
  if (fitsOn(gpu, memoryAt(high))) return high;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fitsOn(gpu, memoryAt(middle))) low = middle;
    else high = middle;
  }
  return low;
}
