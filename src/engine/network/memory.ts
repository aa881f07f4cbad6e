/**
 * The memory of a step, as PyTorch reports it. `max_memory_allocated()` counts tensors: weights,
 * gradients, optimizer state, AMP's 16-bit weight copies, the activations kept for backward (or,
 * with checkpointing, each segment's input plus one segment recomputed), a decoder's KV cache,
 * and the largest transient buffer. `memory_reserved()` adds what the caching allocator rounds
 * and pools (allocator.ts). The CUDA context is outside both: the GPU must hold it too. Pure.
 */
import { estimate, type Figure } from '../figure';
import type { Gpu } from '../hardware';
import { requirePositiveInteger } from '../validate';
import { reservedBytes } from './allocator';
import { WEIGHT_AND_GRADIENT_BYTES_PER_PARAM, type OptimizerCost } from './optimizer';
import type { PrecisionPlan } from './precision';
import { PYTORCH_ALLOCATOR } from './sources';
import { checkpointSegments } from './step-time';
import type { LayerCost } from './types';

/** Memory the CUDA context takes before any tensor (driver, kernels, cuBLAS handles). */
export const CUDA_CONTEXT_BYTES: Figure = estimate(
  512 * 2 ** 20,
  'B',
  PYTORCH_ALLOCATOR,
  'about 0.3-0.6 GiB depending on GPU, driver and libraries loaded; not seen by the allocator',
);

/** The cuBLAS and cuDNN workspaces a step allocates through the caching allocator. */
export const LIBRARY_WORKSPACE_BYTES: Figure = estimate(
  32 * 2 ** 20,
  'B',
  PYTORCH_ALLOCATOR,
  "cuBLAS's default workspace config (4 MiB x 8) and small cuDNN convolution workspaces",
);

/** What the memory of a step is asked about. */
export interface MemoryInput {
  layers: readonly LayerCost[];
  batch: number;
  plan: PrecisionPlan;
  /** The optimizer of a training step; absent for inference. */
  optimizer?: OptimizerCost;
  checkpointing?: boolean;
  /** Bytes per weight element at inference (16-bit weights under AMP precisions). */
  inferenceWeightBytes?: number;
}

/** The parts of a step's peak memory, in bytes. */
export interface MemoryBreakdown {
  weightsBytes: number;
  gradientsBytes: number;
  optimizerBytes: number;
  /** AMP's 16-bit copies of matmul weights, kept from forward to backward. */
  weightCopiesBytes: number;
  /** Activations kept for backward (training) or the largest live pair (inference). */
  activationsBytes: number;
  kvCacheBytes: number;
  /** The largest transient buffer plus library workspaces. */
  workspaceBytes: number;
  /** What `torch.cuda.max_memory_allocated()` reports. */
  allocatedBytes: number;
  /** What `torch.cuda.memory_reserved()` reports: allocations rounded and pooled. */
  reservedBytes: number;
  contextBytes: number;
  /** Reserved plus the context: what the GPU must hold. */
  totalBytes: number;
  /** The layers keeping the most activation memory, largest first (at most five). */
  largestActivations: Array<{ name: string; bytes: number }>;
}

/** Activation bytes each layer keeps for backward. */
function savedBytes(input: MemoryInput): Array<{ name: string; bytes: number }> {
  return input.layers.map((l) => ({
    name: l.name,
    bytes: l.savedElements * input.batch * input.plan.activationBytes,
  }));
}

/**
 * Activations under checkpointing: each of about √n segments keeps only its input, and backward
 * recomputes one segment at a time, so one segment's activations are alive at once.
 */
function checkpointedBytes(input: MemoryInput, saved: Array<{ bytes: number }>): number {
  const count = input.layers.length;
  const segments = checkpointSegments(count);
  const size = Math.ceil(count / segments);
  let boundaries = 0;
  let largestSegment = 0;
  for (let start = 0; start < count; start += size) {
    // A segment's input is the output of the layer before it (the network's input for the first).
    const before = input.layers[start - 1];
    const first = input.layers[start];
    if (before) boundaries += before.outputElements;
    else if (first) boundaries += first.forwardIoElements - first.outputElements;
    const segment = saved.slice(start, start + size).reduce((sum, s) => sum + s.bytes, 0);
    largestSegment = Math.max(largestSegment, segment);
  }
  return boundaries * input.batch * input.plan.activationBytes + largestSegment;
}

/** Breaks the peak memory of a step down; pure arithmetic on the layer costs. */
export function stepMemory(input: MemoryInput): MemoryBreakdown {
  requirePositiveInteger('batch', input.batch);
  const { layers, batch, plan, optimizer } = input;
  const training = optimizer !== undefined;
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  const matmulWeights = layers.reduce((sum, l) => sum + (l.matmul ? l.weightElements : 0), 0);
  const weightBytesPerParam = training
    ? WEIGHT_AND_GRADIENT_BYTES_PER_PARAM / 2
    : (input.inferenceWeightBytes ?? 4);
  const saved = savedBytes(input);
  const activationsBytes = training
    ? input.checkpointing
      ? checkpointedBytes(input, saved)
      : saved.reduce((sum, s) => sum + s.bytes, 0)
    : Math.max(0, ...layers.map((l) => l.forwardIoElements * batch * plan.activationBytes));
  const largestOutput = Math.max(0, ...layers.map((l) => l.outputElements));
  const parts = {
    weightsBytes: params * weightBytesPerParam,
    gradientsBytes: training ? params * (WEIGHT_AND_GRADIENT_BYTES_PER_PARAM / 2) : 0,
    optimizerBytes: training ? params * optimizer.stateBytesPerParam : 0,
    weightCopiesBytes: training ? matmulWeights * plan.weightCopyBytes : 0,
    activationsBytes,
    kvCacheBytes: training
      ? 0
      : layers.reduce((sum, l) => sum + l.kvCacheElements, 0) * batch * plan.activationBytes,
    workspaceBytes:
      largestOutput * batch * plan.activationBytes * (training ? 1 : 0) +
      LIBRARY_WORKSPACE_BYTES.value,
  };
  const allocatedBytes = Object.values(parts).reduce((sum, b) => sum + b, 0);
  const reserved = reservedBytes(allocationSizes(input, parts, saved));
  const contextBytes = CUDA_CONTEXT_BYTES.value;
  return {
    ...parts,
    allocatedBytes,
    reservedBytes: Math.max(reserved, allocatedBytes),
    contextBytes,
    totalBytes: Math.max(reserved, allocatedBytes) + contextBytes,
    largestActivations: [...saved]
      .filter((s) => s.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, training ? 5 : 0),
  };
}

/** The individual allocations behind the totals, for the allocator's rounding. */
function allocationSizes(
  input: MemoryInput,
  parts: Omit<
    MemoryBreakdown,
    'allocatedBytes' | 'reservedBytes' | 'contextBytes' | 'totalBytes' | 'largestActivations'
  >,
  saved: Array<{ bytes: number }>,
): number[] {
  const sizes: number[] = [];
  const params = input.layers.map((l) => l.params).filter((p) => p > 0);
  const perParam = [parts.weightsBytes, parts.gradientsBytes, parts.optimizerBytes];
  const totalParams = params.reduce((a, b) => a + b, 0);
  for (const total of perParam) {
    if (total === 0 || totalParams === 0) continue;
    for (const p of params) sizes.push((total * p) / totalParams);
  }
  if (input.plan.weightCopyBytes > 0 && parts.weightCopiesBytes > 0) {
    for (const l of input.layers) {
      if (l.matmul && l.weightElements > 0)
        sizes.push(l.weightElements * input.plan.weightCopyBytes);
    }
  }
  if (input.optimizer && !input.checkpointing) {
    for (const s of saved) if (s.bytes > 0) sizes.push(s.bytes);
  } else if (parts.activationsBytes > 0) {
    sizes.push(parts.activationsBytes);
  }
  if (parts.kvCacheBytes > 0) sizes.push(parts.kvCacheBytes);
  sizes.push(parts.workspaceBytes);
  return sizes;
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
