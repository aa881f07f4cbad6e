/**
 * PyTorch's out-of-memory error for a step that does not fit, filled with this step's figures.
 * The engine gives the peak as totals; to name the allocation that fails, the step's tensors are
 * laid out one by one in the order a first training step makes them (the weights moved to the
 * GPU, then per layer in the forward pass the AMP weight copy and the activations kept, the
 * workspace, the gradients in the backward pass, the optimizer state in `optimizer.step()`;
 * at inference the weights, the KV cache, the activations and the workspace), each part split
 * over the layers in proportion to the layer's share, and replayed without frees through the
 * console's caching-allocator model, whose error message is PyTorch's own wording. Pure.
 */
import type { LayerCost, MemoryBreakdown, OptimizerId } from '../../engine/models';
import { PyError } from '../../torch';
import { CachingAllocator } from '../../torch/allocator';

/** One tensor the replay allocates. */
export interface PlannedAllocation {
  bytes: number;
  /** Where in the step it is made, as a phrase ("in the forward pass, …"). */
  where: string;
}

/** The error a step that does not fit would raise, and where. */
export interface OomReport {
  /** `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate …` with this step's figures. */
  message: string;
  /** Bytes of the tensor whose allocation failed. */
  tensorBytes: number;
  /** Where the failing allocation is made. */
  where: string;
}

/** What the replay needs about the step. */
export interface ReplayInput {
  layers: readonly LayerCost[];
  memory: MemoryBreakdown;
  mode: 'train' | 'inference';
  optimizer: OptimizerId;
  capacityBytes: number;
}

const OPTIMIZER_NAMES: Readonly<Record<OptimizerId, string>> = {
  sgd: 'momentum buffer',
  adam: 'Adam moments',
  adamw: 'AdamW moments',
};

/** `total` split over the layers in proportion to `share` of each (whole bytes, none empty). */
function split(
  total: number,
  layers: readonly LayerCost[],
  share: (layer: LayerCost) => number,
  where: (name: string) => string,
): PlannedAllocation[] {
  const sum = layers.reduce((s, l) => s + share(l), 0);
  if (total <= 0 || sum <= 0) return [];
  return layers
    .filter((l) => share(l) > 0)
    .map((l) => ({
      bytes: Math.max(1, Math.round((total * share(l)) / sum)),
      where: where(l.name),
    }))
    .filter((a) => a.bytes > 0);
}

/** The step's tensors in the order it makes them (see the module comment). */
export function plannedAllocations(input: ReplayInput): PlannedAllocation[] {
  const { layers, memory } = input;
  const weights = split(
    memory.weightsBytes,
    layers,
    (l) => l.params,
    (n) => `while moving the weights of ${n} to the GPU (model.to("cuda"))`,
  );
  const workspace: PlannedAllocation = {
    bytes: memory.workspaceBytes,
    where: 'for a short-lived buffer and the cuBLAS/cuDNN workspace',
  };
  if (input.mode === 'inference') {
    const cache = split(
      memory.kvCacheBytes,
      layers,
      (l) => l.kvCacheElements,
      (n) => `while allocating the KV cache of ${n}`,
    );
    const activations: PlannedAllocation = {
      bytes: memory.activationsBytes,
      where: 'in the forward pass, for a layer’s input and output',
    };
    return [...weights, ...cache, activations, workspace].filter((a) => a.bytes > 0);
  }
  const copyShare = (l: LayerCost) => (l.matmul ? l.weightElements : 0);
  const copyTotal = layers.reduce((s, l) => s + copyShare(l), 0);
  const savedTotal = layers.reduce((s, l) => s + l.savedElements, 0);
  const forward: PlannedAllocation[] = [];
  for (const layer of layers) {
    if (memory.weightCopiesBytes > 0 && copyShare(layer) > 0 && copyTotal > 0) {
      forward.push({
        bytes: Math.round((memory.weightCopiesBytes * copyShare(layer)) / copyTotal),
        where: `in the forward pass, casting the weight of ${layer.name} to 16 bits (autocast)`,
      });
    }
    if (memory.activationsBytes > 0 && layer.savedElements > 0 && savedTotal > 0) {
      forward.push({
        bytes: Math.round((memory.activationsBytes * layer.savedElements) / savedTotal),
        where: `in the forward pass, keeping the activations of ${layer.name} for backward`,
      });
    }
  }
  const gradients = split(
    memory.gradientsBytes,
    [...layers].reverse(),
    (l) => l.params,
    (n) => `in the backward pass, writing the gradient of ${n}`,
  );
  const state = split(
    memory.optimizerBytes,
    layers,
    (l) => l.params,
    (n) => `in optimizer.step(), creating the ${OPTIMIZER_NAMES[input.optimizer]} of ${n}`,
  );
  return [...weights, ...forward, workspace, ...gradients, ...state].filter((a) => a.bytes > 0);
}

/**
 * Replays the step's tensors through the caching-allocator model on a GPU of `capacityBytes`
 * with the engine's CUDA context, and returns the error of the first allocation that fails, or
 * null when every tensor found room (a step on the edge, where the engine's perfect packing and
 * the replay's segments disagree).
 */
export function replayOutOfMemory(input: ReplayInput): OomReport | null {
  const allocator = new CachingAllocator(input.capacityBytes, input.memory.contextBytes);
  for (const allocation of plannedAllocations(input)) {
    try {
      allocator.allocate(allocation.bytes);
    } catch (error) {
      if (error instanceof PyError && error.pyType === 'torch.OutOfMemoryError') {
        return { message: error.display, tensorBytes: allocation.bytes, where: allocation.where };
      }
      throw error;
    }
  }
  return null;
}
