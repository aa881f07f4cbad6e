/**
 * PyTorch's out-of-memory error for a step that does not fit, filled with this step's figures.
 * The engine gives the peak as totals; to name the allocation that fails, the step's tensors are
 * laid out one by one in the order a first training step makes them (the weights moved to the
 * GPU, then per layer in the forward pass the AMP weight copy and the tensors kept (split by
 * what the engine says each layer keeps), a loss head's logits and log-probabilities, the
 * workspace, the gradients in the backward pass (the loss head's first), the optimizer state in
 * `optimizer.step()`;
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
    const copies = split(
      memory.weightCopiesBytes,
      layers,
      (l) => (l.matmul ? l.weightElements : 0),
      (n) => `in the forward pass, casting the weight of ${n} to 16 bits (autocast)`,
    );
    return [...weights, ...cache, ...copies, activations, workspace].filter((a) => a.bytes > 0);
  }
  const forward = forwardAllocations(input);
  const gradients = split(
    memory.gradientsBytes,
    [...layers].reverse(),
    (l) => l.params,
    (n) => `in the backward pass, writing the gradient of ${n}`,
  );
  const lossGradients: PlannedAllocation = {
    bytes: memory.lossHead?.gradientsBytes ?? 0,
    where: 'in the backward pass, making the fp32 gradient of the logits (NllLossBackward)',
  };
  const state = split(
    memory.optimizerBytes,
    layers,
    (l) => l.params,
    (n) => `in optimizer.step(), creating the ${OPTIMIZER_NAMES[input.optimizer]} of ${n}`,
  );
  return [...weights, ...forward, workspace, lossGradients, ...gradients, ...state].filter(
    (a) => a.bytes > 0,
  );
}

/** Bytes each layer keeps at the peak, by the engine's tensors (its saved elements without). */
function keptShare(input: ReplayInput): (layer: LayerCost, index: number) => number {
  const tensors = input.memory.tensors?.layers;
  return (layer, index) => {
    const t = tensors?.[index];
    return t ? t.savedBytesPerSample + t.savedFixedBytes : layer.savedElements;
  };
}

/**
 * A training step's forward, layer by layer: AMP's weight copy, the tensors kept for backward
 * (the activations part split by what each layer keeps), and at a loss head its logits and what
 * cross-entropy keeps.
 */
function forwardAllocations(input: ReplayInput): PlannedAllocation[] {
  const { layers, memory } = input;
  const copyShare = (l: LayerCost) => (l.matmul ? l.weightElements : 0);
  const copyTotal = layers.reduce((s, l) => s + copyShare(l), 0);
  const kept = keptShare(input);
  const keptTotal = layers.reduce((s, l, i) => s + kept(l, i), 0);
  const head = memory.lossHead;
  const forward: PlannedAllocation[] = [];
  layers.forEach((layer, i) => {
    if (memory.weightCopiesBytes > 0 && copyShare(layer) > 0 && copyTotal > 0) {
      forward.push({
        bytes: Math.round((memory.weightCopiesBytes * copyShare(layer)) / copyTotal),
        where: `in the forward pass, casting the weight of ${layer.name} to 16 bits (autocast)`,
      });
    }
    if (memory.activationsBytes > 0 && kept(layer, i) > 0 && keptTotal > 0) {
      forward.push({
        bytes: Math.round((memory.activationsBytes * kept(layer, i)) / keptTotal),
        where: `in the forward pass, keeping the activations of ${layer.name} for backward`,
      });
    }
    if (head && layer.type === 'softmax-cross-entropy' && i === lossIndex(layers)) {
      forward.push(
        {
          bytes: head.logitsBytes,
          where: `in the forward pass, writing the logits for ${layer.name}`,
        },
        {
          bytes: head.savedBytes,
          where: `in the forward pass, keeping the log-probabilities of ${layer.name} (and nll_loss’s fp32 copy)`,
        },
      );
    }
  });
  return forward;
}

/** The loss layer with the most classes: where the loss head's bytes are placed. */
function lossIndex(layers: readonly LayerCost[]): number {
  let best = -1;
  layers.forEach((l, i) => {
    const bestLayer = layers[best];
    if (
      l.type === 'softmax-cross-entropy' &&
      (!bestLayer || l.forwardIoElements > bestLayer.forwardIoElements)
    )
      best = i;
  });
  return best;
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
