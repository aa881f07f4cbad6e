/**
 * The loss head: a softmax cross-entropy over C classes on T rows per sample, and the logits it
 * reads. For a language model (BERT's masked-LM head on every position, GPT-2's LM head) the
 * logits are tokens × vocabulary, and the head's tensors are often the largest of the step.
 *
 * As PyTorch 2.x runs `F.cross_entropy(logits, y)` under autocast (the ops and dtypes of the
 * H200 BERT-base trace, `H200_BERT_TRACE`): log_softmax runs in the logits' dtype and saves its
 * output; nll_loss is on autocast's fp32 list, so it makes an fp32 copy of the log-probabilities
 * and saves it. The model's output (`out`, or Hugging Face's `prediction_logits`) holds the
 * logits through backward. Backward, node by node: NllLossBackward makes an fp32 gradient the
 * size of the logits (then the fp32 copy is freed); ToCopyBackward casts it to 16 bits (then the
 * fp32 gradient is freed); LogSoftmaxBackward makes the logits' gradient (then the log-probs
 * and the 16-bit gradient are freed). With 16-bit logits the peak is at NllLossBackward: logits
 * 2 + log-probs 2 + fp32 copy 4 + fp32 gradient 4 = 12 bytes per logit (BERT-base, batch 32,
 * seq 128: 4096 × 30522 logits, 1.5 GB). Without autocast everything is fp32 and there is no
 * copy: the peak is at LogSoftmaxBackward, 4 tensors of 4 bytes, 16 bytes per logit.
 * Hugging Face's causal-LM loss (GPT-2, Llama) calls `logits.float()` first (`upcastFirst`):
 * log_softmax then runs in fp32 and saves fp32 log-probabilities, nll_loss needs no copy, and
 * backward makes two fp32 gradients before the cast back: 2 + 4 + 4 + 4 = 14 bytes per logit
 * at LogSoftmaxBackward. A layer list does not say which path its loss takes; the engine takes
 * PyTorch's own unless told.
 *
 * A chunked or fused cross-entropy (Liger Kernel's fused linear cross-entropy, or a loss
 * computed over chunks of rows) never makes the whole logits: one chunk's logits and their
 * tensors exist at a time. Liger's chunk: ceil(V / H) chunks' worth of rows, V classes and H
 * the head's input features, rounded up to a power of two rows, so a chunk's logits are about
 * the size of the hidden states.
 *
 * Compiled by Inductor (`fusedByCompiler`), the upcast, log-softmax and NLL become one reduction
 * that keeps only a few numbers per row, and backward is one kernel that recomputes the softmax
 * from the logits and writes their gradient in the logits' dtype: the logits and their gradient,
 * 2 + 2 bytes per logit under autocast. Pure.
 */
import { FP32_BYTES } from './precision';
import type { LayerCost } from './types';

/** A softmax cross-entropy's shape and the dtype of the logits it reads. */
export interface LossHeadTensors {
  /** Rows per sample (tokens; 1 for a classifier). */
  rows: number;
  classes: number;
  /** Bytes of one logit: 2 under autocast after a 16-bit head, else 4. */
  logitBytes: number;
  /** The head's input features per row (for the chunk size); `classes` when unknown. */
  hiddenFeatures: number;
  /** Whether the model's output holds the logits (false when a layer keeps them already). */
  heldByOutput: boolean;
  /** The logits are cast to fp32 before the loss (Hugging Face's causal-LM loss). */
  upcastFirst: boolean;
  /** Inductor fused the loss (compiled): it keeps no per-logit tensor of its own. */
  fusedByCompiler?: boolean;
}

/** Which part of the simulator's bar a loss-head tensor belongs to. */
export type LossPart = 'logits' | 'saved' | 'gradients';

/** The loss head's tensors, by name. */
export type LossTensorName =
  | 'logits'
  | 'log-probs'
  | 'fp32 copy'
  | 'log-probs gradient'
  | 'cast gradient'
  | 'fp32 logits gradient'
  | 'logits gradient';

/** One loss-head tensor: its part and its bytes per logit. */
export interface LossTensor {
  name: LossTensorName;
  part: LossPart;
  bytesPerLogit: number;
}

/** One autograd node of the loss's backward: what it makes, and what is freed after it. */
export interface LossStep {
  node: 'NllLossBackward' | 'ToCopyBackward' | 'LogSoftmaxBackward' | 'FusedCrossEntropyBackward';
  alloc: LossTensor[];
  freeAfter: LossTensorName[];
}

/** Bytes per logit by part. */
export type LossPartBytes = Record<LossPart, number>;

/** The loss head of a softmax cross-entropy reading logits of `logitBytes` each. */
export function lossHeadOf(
  layer: LayerCost,
  logitBytes: number,
  heldByOutput: boolean,
  hiddenFeatures: number,
  upcastFirst = false,
  fusedByCompiler = false,
): LossHeadTensors {
  const rows = Math.max(1, layer.outputElements);
  const classes = (layer.forwardIoElements - layer.outputElements) / rows;
  return {
    rows,
    classes,
    logitBytes,
    hiddenFeatures,
    heldByOutput,
    upcastFirst,
    ...(fusedByCompiler ? { fusedByCompiler } : {}),
  };
}

/** A loss head with its tensors from forward to backward and its backward's nodes. */
export interface LossHeadPlan extends LossHeadTensors {
  /** What it keeps from forward (the held logits first), per logit. */
  forward: LossTensor[];
  /** Its backward, node by node. */
  backward: LossStep[];
}

/** The loss head with its forward tensors and backward steps worked out. */
export function lossHeadPlan(head: LossHeadTensors): LossHeadPlan {
  return { ...head, forward: lossForwardTensors(head), backward: lossBackwardSteps(head) };
}

/** Whether the loss runs on 16-bit logits with nll_loss's fp32 copy (PyTorch's own path). */
function copiesForNll(head: LossHeadTensors): boolean {
  return head.logitBytes < FP32_BYTES && !head.upcastFirst;
}

/** What the loss keeps from forward to backward, per logit (the held logits first). */
export function lossForwardTensors(head: LossHeadTensors): LossTensor[] {
  const l = head.logitBytes;
  const logits: LossTensor = { name: 'logits', part: 'logits', bytesPerLogit: l };
  const logProbs = head.upcastFirst ? FP32_BYTES : l;
  if (head.fusedByCompiler) return head.heldByOutput ? [logits] : [];
  return [
    ...(head.heldByOutput ? [logits] : []),
    { name: 'log-probs', part: 'saved', bytesPerLogit: logProbs },
    ...(copiesForNll(head)
      ? [{ name: 'fp32 copy' as const, part: 'saved' as const, bytesPerLogit: FP32_BYTES }]
      : []),
  ];
}

/** The loss's backward, node by node (see the module comment). */
export function lossBackwardSteps(head: LossHeadTensors): LossStep[] {
  const l = head.logitBytes;
  const gradient = (name: LossTensorName, bytesPerLogit: number): LossTensor => ({
    name,
    part: 'gradients',
    bytesPerLogit,
  });
  if (head.fusedByCompiler) {
    return [
      { node: 'FusedCrossEntropyBackward', alloc: [gradient('logits gradient', l)], freeAfter: [] },
    ];
  }
  const nll: LossStep = {
    node: 'NllLossBackward',
    alloc: [gradient('log-probs gradient', FP32_BYTES)],
    freeAfter: copiesForNll(head) ? ['fp32 copy'] : [],
  };
  if (copiesForNll(head)) {
    return [
      nll,
      {
        node: 'ToCopyBackward',
        alloc: [gradient('cast gradient', l)],
        freeAfter: ['log-probs gradient'],
      },
      {
        node: 'LogSoftmaxBackward',
        alloc: [gradient('logits gradient', l)],
        freeAfter: ['log-probs', 'cast gradient'],
      },
    ];
  }
  if (l >= FP32_BYTES) {
    return [
      nll,
      {
        node: 'LogSoftmaxBackward',
        alloc: [gradient('logits gradient', l)],
        freeAfter: ['log-probs', 'log-probs gradient'],
      },
    ];
  }
  // Upcast first: log_softmax's gradient is fp32, and the cast back to 16 bits comes last.
  return [
    nll,
    {
      node: 'LogSoftmaxBackward',
      alloc: [gradient('fp32 logits gradient', FP32_BYTES)],
      freeAfter: ['log-probs', 'log-probs gradient'],
    },
    {
      node: 'ToCopyBackward',
      alloc: [gradient('logits gradient', l)],
      freeAfter: ['fp32 logits gradient'],
    },
  ];
}

/** Sums tensors by part. */
function byPart(tensors: Iterable<LossTensor>): LossPartBytes {
  const sum: LossPartBytes = { logits: 0, saved: 0, gradients: 0 };
  for (const t of tensors) sum[t.part] += t.bytesPerLogit;
  return sum;
}

/** Total bytes of a by-part sum. */
export function partTotal(bytes: LossPartBytes): number {
  return bytes.logits + bytes.saved + bytes.gradients;
}

/**
 * The loss's backward per logit: the tensors alive at its highest node, by part, and what is
 * left after it (the held logits and the logits' gradient, which the head's linear reads next).
 */
export function lossBackwardPeak(head: LossHeadTensors): {
  peak: LossPartBytes;
  after: LossPartBytes;
} {
  const alive = new Map<LossTensorName, LossTensor>(
    lossForwardTensors(head).map((t) => [t.name, t]),
  );
  let peak = byPart(alive.values());
  for (const step of lossBackwardSteps(head)) {
    for (const t of step.alloc) alive.set(t.name, t);
    const now = byPart(alive.values());
    if (partTotal(now) > partTotal(peak)) peak = now;
    for (const name of step.freeAfter) alive.delete(name);
  }
  return { peak, after: byPart(alive.values()) };
}

/** The smallest power of two at least `n`. */
function nextPowerOfTwo(n: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(1, n)));
}

/**
 * Logits alive at once under a chunked or fused cross-entropy over a batch of `batch` samples:
 * one chunk of rows, as Liger Kernel sizes it (see the module comment).
 */
export function chunkLogits(head: LossHeadTensors, batch: number): number {
  const rows = batch * head.rows;
  const chunks = Math.max(1, Math.ceil(head.classes / head.hiddenFeatures));
  const chunkRows = Math.min(rows, nextPowerOfTwo(Math.ceil(rows / chunks)));
  return chunkRows * head.classes;
}
