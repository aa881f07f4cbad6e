/**
 * The memory of a step, as PyTorch reports it. `max_memory_allocated()` counts the tensors alive
 * at the step's highest moment (trainingPeak walks the step to find it): weights, optimizer
 * state, the gradients made so far, AMP's 16-bit weight copies and the activations not yet freed
 * (with checkpointing, segment inputs plus the segment being recomputed), the transient output
 * and input gradients, library workspaces; at inference the largest input-output pair and, while
 * generating, a decoder's KV cache. `memory_reserved()` adds what the caching allocator rounds
 * and pools (allocator.ts). The CUDA context is outside both: the GPU must hold it too. Pure.
 */
import { estimate, type Figure } from '../../catalog/figure';
import type { Gpu } from '../../catalog/hardware';
import { requirePositiveInteger } from '../validate';
import { reservedBytes } from './allocator';
import { WEIGHT_AND_GRADIENT_BYTES_PER_PARAM, type OptimizerCost } from './optimizer';
import type { PrecisionPlan } from './precision';
import { PYTORCH_ALLOCATOR } from '../../catalog/network-sources';
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
  /** Inference that keeps a decoder's keys and values (prefill and decode, not a plain forward). */
  keepsKvCache?: boolean;
}

/** The parts of a step's peak memory, in bytes: what is alive at the moment of the peak. */
export interface MemoryBreakdown {
  weightsBytes: number;
  /** Gradients alive at the peak: those backward has made so far, or all of them at the step. */
  gradientsBytes: number;
  optimizerBytes: number;
  /** AMP's 16-bit copies of matmul weights, kept from forward to backward, still alive. */
  weightCopiesBytes: number;
  /** Activations alive at the peak (training) or the largest live pair (inference). */
  activationsBytes: number;
  kvCacheBytes: number;
  /** The transient buffers alive at the peak (output, input gradients) plus library workspaces. */
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
  /** The layer whose backward a training peak falls in; null at inference. */
  peakLayer: string | null;
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

/** A checkpoint segment, layers `start` to `end` inclusive. */
interface Segment {
  start: number;
  end: number;
  /** Whether forward drops its activations; the last segment runs normally. */
  checkpointed: boolean;
}

/**
 * The segments of gradient checkpointing: about √n of ⌈n / segments⌉ layers each. As
 * `checkpoint_sequential` does, every segment but the last keeps only its input in forward and
 * is run again in backward. Without checkpointing, one plain segment.
 */
function segmentsOf(count: number, checkpointing: boolean): Segment[] {
  if (!checkpointing || count === 0) return [{ start: 0, end: count - 1, checkpointed: false }];
  const size = Math.ceil(count / checkpointSegments(count));
  const segments: Segment[] = [];
  for (let start = 0; start < count; start += size) {
    segments.push({ start, end: Math.min(count, start + size) - 1, checkpointed: true });
  }
  (segments.at(-1) as Segment).checkpointed = false;
  return segments;
}

/** What is alive at the training peak, apart from weights, optimizer state and workspaces. */
interface TrainingPeak {
  layer: string | null;
  gradientsBytes: number;
  activationsBytes: number;
  weightCopiesBytes: number;
  transientBytes: number;
}

/**
 * Walks one training step as PyTorch (2.0 and later) runs it and returns its highest moment.
 * `zero_grad()` sets gradients to None, so none exist during forward. Forward keeps each layer's
 * saved activations and AMP weight copy (a checkpointed segment only its input) and ends with
 * the output held by `out`. Backward, layer by layer from the last: a checkpointed segment is
 * recomputed when backward reaches it; each layer makes its weight gradient and its input
 * gradient while the next layer's input gradient is still alive, then frees its activations and
 * copy. (The optimizer step, with every gradient alive, never exceeds the first layer's backward,
 * which holds those gradients and more.) This is the same accounting as the memory
 * simulator's step-through, which replays it allocation by allocation.
 */
function trainingPeak(input: MemoryInput): TrainingPeak {
  const { layers, batch, plan } = input;
  const act = (elements: number) => elements * batch * plan.activationBytes;
  const saved = layers.map((l) => act(l.savedElements));
  const copies = layers.map((l) => (l.matmul ? l.weightElements * plan.weightCopyBytes : 0));
  const grads = layers.map((l) => l.params * (WEIGHT_AND_GRADIENT_BYTES_PER_PARAM / 2));
  // The input gradient a layer's backward makes: the size of the layer before's output.
  const gradIn = layers.map((_, i) => act(layers[i - 1]?.outputElements ?? 0));
  const segments = segmentsOf(layers.length, input.checkpointing ?? false);
  const segmentInput = (start: number): number => {
    const before = layers[start - 1];
    const first = layers[start];
    if (before) return act(before.outputElements);
    return first ? act(first.forwardIoElements - first.outputElements) : 0;
  };

  // Alive when forward ends.
  let activations = 0;
  for (const seg of segments) {
    if (seg.checkpointed) activations += segmentInput(seg.start);
    else for (let i = seg.start; i <= seg.end; i++) activations += saved[i] ?? 0;
  }
  let weightCopies = copies.reduce((a, b) => a + b, 0);
  const output = act(layers.at(-1)?.outputElements ?? 0);
  let gradients = 0;
  let pendingGradIn = 0;
  let best: TrainingPeak = {
    layer: null,
    gradientsBytes: 0,
    activationsBytes: activations,
    weightCopiesBytes: weightCopies,
    transientBytes: output,
  };
  const sizeOf = (p: Omit<TrainingPeak, 'layer'>) =>
    p.gradientsBytes + p.activationsBytes + p.weightCopiesBytes + p.transientBytes;

  for (let s = segments.length - 1; s >= 0; s--) {
    const seg = segments[s] as Segment;
    if (seg.checkpointed) {
      for (let i = seg.start; i <= seg.end; i++) activations += saved[i] ?? 0;
    }
    for (let i = seg.end; i >= seg.start; i--) {
      const moment = {
        gradientsBytes: gradients + (grads[i] ?? 0),
        activationsBytes: activations,
        weightCopiesBytes: weightCopies,
        transientBytes: output + pendingGradIn + (gradIn[i] ?? 0),
      };
      if (sizeOf(moment) > sizeOf(best)) {
        best = { layer: layers[i]?.name ?? null, ...moment };
      }
      gradients += grads[i] ?? 0;
      activations -= saved[i] ?? 0;
      weightCopies -= copies[i] ?? 0;
      pendingGradIn = gradIn[i] ?? 0;
    }
    if (seg.checkpointed) activations -= segmentInput(seg.start);
  }
  return best;
}

/** Breaks the peak memory of a step down; pure arithmetic on the layer costs. */
export function stepMemory(input: MemoryInput): MemoryBreakdown {
  requirePositiveInteger('batch', input.batch);
  const { layers, batch, plan, optimizer } = input;
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  const saved = savedBytes(input);
  const contextBytes = CUDA_CONTEXT_BYTES.value;
  let parts: MemoryParts;
  let peakLayer: string | null = null;
  if (optimizer) {
    const weightBytes = WEIGHT_AND_GRADIENT_BYTES_PER_PARAM / 2;
    const moment = trainingPeak(input);
    peakLayer = moment.layer;
    parts = {
      weightsBytes: params * weightBytes,
      gradientsBytes: moment.gradientsBytes,
      optimizerBytes: params * optimizer.stateBytesPerParam,
      weightCopiesBytes: moment.weightCopiesBytes,
      activationsBytes: moment.activationsBytes,
      kvCacheBytes: 0,
      workspaceBytes: moment.transientBytes + LIBRARY_WORKSPACE_BYTES.value,
    };
  } else {
    const pairs = layers.map((l) => l.forwardIoElements * batch * plan.activationBytes);
    parts = {
      weightsBytes: params * (input.inferenceWeightBytes ?? 4),
      gradientsBytes: 0,
      optimizerBytes: 0,
      weightCopiesBytes: 0,
      activationsBytes: Math.max(0, ...pairs),
      kvCacheBytes: input.keepsKvCache
        ? layers.reduce((sum, l) => sum + l.kvCacheElements, 0) * batch * plan.activationBytes
        : 0,
      workspaceBytes: LIBRARY_WORKSPACE_BYTES.value,
    };
  }
  const allocatedBytes = Object.values(parts).reduce((sum, b) => sum + b, 0);
  const reserved = Math.max(reservedBytes(allocationSizes(input, parts, saved)), allocatedBytes);
  const modelStateBytes = optimizer
    ? params * (WEIGHT_AND_GRADIENT_BYTES_PER_PARAM + optimizer.stateBytesPerParam)
    : parts.weightsBytes;
  return {
    ...parts,
    allocatedBytes,
    reservedBytes: reserved,
    contextBytes,
    totalBytes: reserved + contextBytes,
    modelStateBytes,
    peakLayer,
    largestActivations: [...saved]
      .filter((s) => s.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, optimizer ? 5 : 0),
  };
}

/** The seven parts that add up to the allocated peak. */
type MemoryParts = Pick<
  MemoryBreakdown,
  | 'weightsBytes'
  | 'gradientsBytes'
  | 'optimizerBytes'
  | 'weightCopiesBytes'
  | 'activationsBytes'
  | 'kvCacheBytes'
  | 'workspaceBytes'
>;

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
  saved: Array<{ bytes: number }>,
): number[] {
  const { layers, plan } = input;
  const perLayer = (bytesPerParam: number) => layers.map((l) => l.params * bytesPerParam);
  const params = layers.reduce((sum, l) => sum + l.params, 0);
  const sizes: number[] = [];
  if (params > 0) {
    sizes.push(...tensorsUpTo(perLayer(parts.weightsBytes / params), parts.weightsBytes));
    sizes.push(...tensorsUpTo(perLayer(parts.optimizerBytes / params), parts.optimizerBytes));
    const grads = perLayer(WEIGHT_AND_GRADIENT_BYTES_PER_PARAM / 2).reverse();
    sizes.push(...tensorsUpTo(grads, parts.gradientsBytes));
  }
  const copies = layers.map((l) => (l.matmul ? l.weightElements * plan.weightCopyBytes : 0));
  sizes.push(...tensorsUpTo(copies, parts.weightCopiesBytes));
  if (input.optimizer && !input.checkpointing) {
    sizes.push(
      ...tensorsUpTo(
        saved.map((s) => s.bytes),
        parts.activationsBytes,
      ),
    );
  } else if (parts.activationsBytes > 0) {
    sizes.push(parts.activationsBytes);
  }
  if (parts.kvCacheBytes > 0) sizes.push(parts.kvCacheBytes);
  sizes.push(parts.workspaceBytes);
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
