/**
 * Walks one training step as PyTorch (2.0 and later) runs it and returns its highest moment:
 * what `max_memory_allocated()` sees, apart from weights, optimizer state and library
 * workspaces (always there).
 *
 * `zero_grad()` sets gradients to None, so none exist in forward. Forward keeps each layer's
 * saved tensors (saved-tensors.ts) and AMP weight copy, or with checkpointing only each
 * checkpointed segment's input; the caller holds the input batch and the model's output (the
 * logits of each loss head). Backward, layer by layer from the last: a checkpointed segment is
 * recomputed when backward reaches it; a loss head runs node by node (loss-head.ts); any other
 * layer makes its weight gradient (under AMP first in 16 bits, then cast to fp32) and its input
 * gradient while the gradient it was given is still alive, then frees what it kept. Last, the
 * optimizer step: every gradient, the output still held, and the temporaries of a foreach Adam
 * (one fp32 value per parameter: `_foreach_sqrt` of the second moments). The memory
 * simulator's step-through replays this accounting allocation by allocation. Pure.
 */
import type { OptimizerForm } from './eager/optimizer-update';
import {
  chunkLogits,
  lossBackwardPeak,
  partTotal,
  type LossHeadTensors,
  type LossPartBytes,
} from './loss-head';
import type { OptimizerCost } from './optimizer';
import type { StepTensors } from './saved-tensors';
import { checkpointSegments } from './step-time';

/**
 * Bytes per parameter of a foreach Adam or AdamW step's temporary: `_multi_tensor_adam` in
 * PyTorch's torch/optim/adam.py takes `torch._foreach_sqrt(exp_avg_sqs)` of every parameter's
 * fp32 second moment at once (440 MB for BERT-base's 110 M parameters).
 */
export const FOREACH_ADAM_TEMPORARY_BYTES_PER_PARAM = 4;

/**
 * Bytes of the optimizer step's temporaries: a foreach Adam or AdamW makes the square roots of
 * all second moments at once; SGD with momentum updates in place, a fused step in registers.
 */
export function optimizerTemporaries(
  optimizer: OptimizerCost,
  form: OptimizerForm,
  params: number,
): number {
  return optimizer.id !== 'sgd' && form === 'foreach'
    ? params * FOREACH_ADAM_TEMPORARY_BYTES_PER_PARAM
    : 0;
}

/** How the walk runs. */
export interface WalkInput {
  tensors: StepTensors;
  batch: number;
  checkpointing: boolean;
  /** Chunked or fused cross-entropy: only one chunk of logits exists at a time. */
  chunkedLoss: boolean;
  optimizer: OptimizerCost;
  optimizerForm: OptimizerForm;
  /** Trainable parameters, for the optimizer step's temporaries (a GPU's shard under ZeRO). */
  params: number;
  /**
   * The share of finished gradients a GPU keeps (default 1): 1/N when ZeRO-2 or FSDP
   * reduce-scatters each gradient once backward has made it.
   */
  gradientShare?: number;
}

/** What is alive at a moment of the step, apart from weights, optimizer state and workspaces. */
export interface PeakMoment {
  /** The layer whose backward the moment falls in; 'optimizer.step()' or null (end of forward). */
  layer: string | null;
  gradientsBytes: number;
  /** Saved tensors and the input batch. */
  activationsBytes: number;
  weightCopiesBytes: number;
  /** The loss heads' logits, what cross-entropy keeps, and their gradients. */
  lossHead: LossPartBytes;
  /** Gradients passed between layers, the held output, optimizer temporaries. */
  transientBytes: number;
}

/** A checkpoint segment, layers `start` to `end` inclusive. */
export interface Segment {
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
export function segmentsOf(count: number, checkpointing: boolean): Segment[] {
  if (!checkpointing || count === 0) return [{ start: 0, end: count - 1, checkpointed: false }];
  const size = Math.ceil(count / checkpointSegments(count));
  const segments: Segment[] = [];
  for (let start = 0; start < count; start += size) {
    segments.push({ start, end: Math.min(count, start + size) - 1, checkpointed: true });
  }
  (segments.at(-1) as Segment).checkpointed = false;
  return segments;
}

/** The sum of a moment's parts. */
export function momentBytes(m: Omit<PeakMoment, 'layer'>): number {
  return (
    m.gradientsBytes +
    m.activationsBytes +
    m.weightCopiesBytes +
    partTotal(m.lossHead) +
    m.transientBytes
  );
}

/** `parts` times `count`. */
function scaled(parts: LossPartBytes, count: number): LossPartBytes {
  return {
    logits: parts.logits * count,
    saved: parts.saved * count,
    gradients: parts.gradients * count,
  };
}

/** The sum of two by-part byte counts. */
function added(a: LossPartBytes, b: LossPartBytes): LossPartBytes {
  return {
    logits: a.logits + b.logits,
    saved: a.saved + b.saved,
    gradients: a.gradients + b.gradients,
  };
}

const NO_LOSS: LossPartBytes = { logits: 0, saved: 0, gradients: 0 };

/** Logits of one head over the batch. */
function logitsOf(head: LossHeadTensors, batch: number): number {
  return head.rows * head.classes * batch;
}

/** Walks the step (see the module comment) and returns its highest moment. */
export function trainingPeak(input: WalkInput): PeakMoment {
  const { tensors, batch } = input;
  const gradientShare = input.gradientShare ?? 1;
  const layers = tensors.layers;
  const saved = layers.map((l) => l.savedBytesPerSample * batch + l.savedFixedBytes);
  const data = tensors.dataBytesPerSample * batch;
  const heldOutput = tensors.heldOutputBytesPerSample * batch;
  const segments = segmentsOf(layers.length, input.checkpointing);
  // The first segment's input is the batch, which the caller holds anyway.
  const segmentInput = (start: number) =>
    start === 0 ? 0 : (layers[start]?.inputBytesPerSample ?? 0) * batch;
  // What each loss head keeps from forward (nothing under a chunked loss).
  const headKept = layers.map((l) =>
    l.lossHead && !input.chunkedLoss
      ? scaled(
          l.lossHead.forward.reduce(
            (sum, t) => ({ ...sum, [t.part]: sum[t.part] + t.bytesPerLogit }),
            NO_LOSS,
          ),
          logitsOf(l.lossHead, batch),
        )
      : NO_LOSS,
  );

  let activations = data;
  for (const seg of segments) {
    if (seg.checkpointed) activations += segmentInput(seg.start);
    else for (let i = seg.start; i <= seg.end; i++) activations += saved[i] ?? 0;
  }
  let weightCopies = layers.reduce((sum, l) => sum + l.weightCopyBytes, 0);
  let lossHead = headKept.reduce(added, NO_LOSS);
  let gradients = 0;
  let pendingGradIn = 0;
  let pendingLossGrad = 0;
  let best: PeakMoment = {
    layer: null,
    gradientsBytes: 0,
    activationsBytes: activations,
    weightCopiesBytes: weightCopies,
    lossHead,
    transientBytes: heldOutput,
  };
  const consider = (layer: string, moment: Omit<PeakMoment, 'layer'>) => {
    if (momentBytes(moment) > momentBytes(best)) best = { layer, ...moment };
  };

  for (let s = segments.length - 1; s >= 0; s--) {
    const seg = segments[s] as Segment;
    if (seg.checkpointed) {
      for (let i = seg.start; i <= seg.end; i++) activations += saved[i] ?? 0;
    }
    for (let i = seg.end; i >= seg.start; i--) {
      const layer = layers[i];
      if (!layer) continue;
      const base = { gradientsBytes: gradients, activationsBytes: activations };
      if (layer.lossHead) {
        const head = layer.lossHead;
        // Under a chunked loss one chunk's logits and tensors exist, and nothing is left after.
        const chunked = input.chunkedLoss;
        const { peak, after } = lossBackwardPeak(chunked ? { ...head, heldByOutput: true } : head);
        const count = chunked ? chunkLogits(head, batch) : logitsOf(head, batch);
        const others = {
          logits: lossHead.logits - (headKept[i]?.logits ?? 0),
          saved: lossHead.saved - (headKept[i]?.saved ?? 0),
          gradients: lossHead.gradients + pendingLossGrad,
        };
        consider(layer.name, {
          ...base,
          weightCopiesBytes: weightCopies,
          lossHead: added(others, scaled(peak, count)),
          transientBytes: heldOutput + pendingGradIn,
        });
        // The held logits stay; the logits' gradient waits for the head's linear.
        const left = chunked ? NO_LOSS : scaled(after, count);
        lossHead = {
          logits: others.logits + left.logits,
          saved: others.saved,
          gradients: lossHead.gradients,
        };
        pendingLossGrad = left.gradients;
        pendingGradIn = 0;
        continue;
      }
      consider(layer.name, {
        gradientsBytes: gradients + layer.gradientBytes,
        activationsBytes: activations,
        weightCopiesBytes: weightCopies,
        lossHead: { ...lossHead, gradients: lossHead.gradients + pendingLossGrad },
        transientBytes:
          heldOutput +
          pendingGradIn +
          layer.inputGradBytesPerSample * batch +
          layer.weightCopyGradBytes,
      });
      gradients += layer.gradientBytes * gradientShare;
      activations -= saved[i] ?? 0;
      weightCopies -= layer.weightCopyBytes;
      pendingGradIn = layer.inputGradBytesPerSample * batch;
      pendingLossGrad = 0;
    }
    if (seg.checkpointed) activations -= segmentInput(seg.start);
  }
  const temporaries = optimizerTemporaries(input.optimizer, input.optimizerForm, input.params);
  consider('optimizer.step()', {
    gradientsBytes: gradients,
    activationsBytes: data,
    weightCopiesBytes: 0,
    lossHead: { ...NO_LOSS, logits: lossHead.logits },
    transientBytes: heldOutput + temporaries,
  });
  return best;
}
