/**
 * What each layer of a training step keeps in GPU memory, tensor by tensor, as eager PyTorch
 * (2.x, autograd and autocast) runs it. Every figure is per sample except where it says so.
 *
 * - Dtypes: without autocast every activation takes the plan's bytes (4). Under autocast each
 *   layer's output takes the dtype `autocastOutputs` (eager/dispatch.ts) gives it: norms,
 *   embeddings and a transformer's residual stream fp32, products and what follows them 16-bit.
 * - What autograd saves, by layer: a linear or a convolution its input (under autocast a 16-bit
 *   cast of it when the input is fp32: autocast casts activations afresh for every op, and
 *   caches only the casts of weights); batch norm its input (plus per-channel statistics, not
 *   per sample); a layer or RMS norm its fp32 input (a cast when it arrives 16-bit) and per-row
 *   statistics, RMS norm (Hugging Face's, in Python) also its normalised fp32 product; ReLU
 *   its output, GELU and SiLU their input (tanh and sigmoid read their output, but a LayerCost
 *   does not name its function, so they count as reading their input); Hugging Face's Python
 *   `gelu_new` (GPT-2) four tensors: x (an fp32 copy under autocast, as pow is on its fp32
 *   list), tanh's fp32 output, 1 + tanh and 0.5·x; max pooling its input and int64
 *   indices; average pooling its input; fused attention Q, K, V, its output and fp32
 *   log-sum-exp per query row; dropout a one-byte mask; an element-wise product both inputs;
 *   an embedding its int64 indices; a residual add nothing.
 * - Sharing: a tensor several layers save is one tensor. A layer's input is the previous
 *   layer's output (a sibling projection, such as the key beside the query, reads the same
 *   input as the layer before it), so a convolution after an in-place ReLU saves the tensor the
 *   ReLU saved, and torchvision's conv-BN-ReLU keeps the conv input, the BN input and one shared
 *   output. Each tensor counts at the first layer that keeps it, which is also the last to free
 *   it in backward. Sharing needs the sizes to match; otherwise the layers keep their own.
 * - The input batch (fp32 features, or int64 token ids for a first embedding) is held by the
 *   caller for the whole step.
 * - A softmax cross-entropy is the loss head (loss-head.ts): the logits it reads are held by
 *   the model's output, and its tensors are kept apart from the activations.
 *
 * Sources: PyTorch's tools/autograd/derivatives.yaml (what each backward formula reads) and
 * aten/src/ATen/autocast_mode.cpp (the cast lists), checked against the H200 BERT-base profiler
 * trace (`H200_BERT_TRACE`: three input casts for Q, K and V, cuDNN attention, the fp32 residual
 * add) and the H200 peaks (`H200_EAGER`). Pure.
 */
import { autocastOutputs } from './eager/dispatch';
import { compiledKeeps, type Kept } from './compiled-keeps';
import { isNewGelu } from './layers/activation';
import { DROPOUT_MASK_BYTES_PER_ELEMENT } from './layers/elementwise';
import { lossHeadOf, lossHeadPlan, type LossHeadPlan } from './loss-head';
import { FP32_BYTES, type PrecisionPlan } from './precision';
import { MATH_ATTENTION_SCORE_ELEMENTS } from './layers/attention';
import type { LayerCost } from './types';

export { FP32_BYTES };

/** Bytes of an int64 index (embedding lookups, max-pool indices, token ids). */
export const INDEX_BYTES = 8;

/**
 * Projections that read the same input as the layer listed before them (key and value beside
 * the query, an MLP's up projection beside its gate): the same rule as eager/dispatch.ts.
 */
const SIBLING_PROJECTION = /(?:^|\.)(?:key|value|[kv]_proj|up_proj)$/;

/**
 * A residual block's shortcut branch (torchvision's `layer2.0.downsample.0`): it reads the
 * block's input, which the block's first layer read too.
 */
const SHORTCUT_BRANCH = /^(.*)\.(?:downsample|shortcut)\.0$/;

/** The index of the layer whose input layer `i` reads too, or null when it reads its predecessor's output. */
function sharesInputWith(layers: readonly LayerCost[], i: number): number | null {
  const name = layers[i]?.name ?? '';
  if (i > 0 && SIBLING_PROJECTION.test(name)) return i - 1;
  const block = SHORTCUT_BRANCH.exec(name)?.[1];
  if (block === undefined) return null;
  const first = layers.findIndex((l) => l.name.startsWith(`${block}.`));
  return first >= 0 && first < i ? first : null;
}

/** What one layer holds in a training step. */
export interface LayerTensors {
  name: string;
  /**
   * Bytes per sample kept for backward and first kept here (a tensor several layers keep counts
   * at the first); the loss head's tensors apart.
   */
  savedBytesPerSample: number;
  /** Bytes kept for backward that do not grow with the batch (batch norm's statistics). */
  savedFixedBytes: number;
  /** Bytes per sample of the layer's output. */
  outputBytesPerSample: number;
  /** The output's bytes per sample while no layer keeps it (short-lived in forward), else 0. */
  transientOutputBytesPerSample: number;
  /** Bytes per sample of the gradient backward makes for the layer's input (0 when none). */
  inputGradBytesPerSample: number;
  /** Bytes per sample of the layer's input (what a checkpoint segment starting here keeps). */
  inputBytesPerSample: number;
  /** Autocast's 16-bit cast of an fp32 input to a matrix product, per sample (else 0). */
  inputCastBytesPerSample: number;
  /** AMP's 16-bit weight copy, cached for the forward and kept by autograd until backward. */
  weightCopyBytes: number;
  /** AMP: the 16-bit gradient of that copy, alive until it is cast to the fp32 gradient. */
  weightCopyGradBytes: number;
  /** The fp32 gradients of the layer's own parameters. */
  gradientBytes: number;
  /** The loss head, for a softmax cross-entropy; null for any other layer. */
  lossHead: LossHeadPlan | null;
}

/** Every layer's tensors, and what the step holds besides. */
export interface StepTensors {
  layers: LayerTensors[];
  /** Bytes per sample of the input batch, held by the caller through the step. */
  dataBytesPerSample: number;
  /** Bytes per sample of the model's output held by `out` when no loss head holds logits. */
  heldOutputBytesPerSample: number;
}

/** Elements of a layer's input per sample, from its cost fields (see the layer modules). */
export function inputElements(layer: LayerCost): number {
  switch (layer.type) {
    case 'attention':
      // Q, K and V: what the pass moves besides its output and, written out, its scores.
      return (
        layer.forwardIoElements -
        layer.outputElements -
        MATH_ATTENTION_SCORE_ELEMENTS.forward * (layer.mathScoreElements ?? 0)
      );
    case 'embedding':
      // forwardIo T + 2·T·D, output T·D: the T indices.
      return layer.forwardIoElements - 2 * layer.outputElements;
    case 'batchnorm2d':
    case 'layernorm':
    case 'rmsnorm':
    case 'activation':
    case 'dropout':
    case 'residual-add':
    case 'multiply':
      return layer.outputElements;
    case 'lstm':
    case 'gru':
      return layer.savedElements;
    default:
      // linear, conv2d, pools, attention (Q, K and V), the loss (its logits): read in, write out.
      return layer.forwardIoElements - layer.outputElements;
  }
}

/** Rows of a token norm: its elements over its features (weight and bias for LayerNorm). */
function normRows(layer: LayerCost): number {
  const features = layer.type === 'layernorm' ? layer.params / 2 : layer.params;
  return features > 0 ? layer.outputElements / features : layer.outputElements;
}

/** Works out which tensors each layer keeps; see the module comment for the rules. */
export function stepTensors(
  layers: readonly LayerCost[],
  plan: PrecisionPlan,
  compiled = false,
): StepTensors {
  const autocast = plan.weightCopyBytes > 0;
  // Hugging Face's Python GELU multiplies 16-bit x by fp32 terms: its output is fp32.
  const outDtypes = autocastOutputs(layers).map((d, i) =>
    isNewGelu(layers[i]) ? ('fp32' as const) : d,
  );
  const bytesOf = (dtype: 'fp32' | 'low') =>
    autocast && dtype === 'fp32' ? FP32_BYTES : plan.activationBytes;
  const outBytes = layers.map((l, i) => l.outputElements * bytesOf(outDtypes[i] ?? 'low'));
  // The tensor each layer reads and its dtype: the data for the first, a sibling's input, or the
  // previous layer's output.
  const inputId: string[] = [];
  const inputFp32: boolean[] = [];
  const firstIsEmbedding = layers[0]?.type === 'embedding';
  layers.forEach((_, i) => {
    const same = sharesInputWith(layers, i);
    inputId.push(i === 0 ? 'data' : same !== null ? (inputId[same] as string) : `out:${i - 1}`);
    inputFp32.push(
      i === 0 || (same !== null ? (inputFp32[same] as boolean) : outDtypes[i - 1] === 'fp32'),
    );
  });
  const first = layers[0];
  const dataBytesPerSample = first
    ? inputElements(first) * (firstIsEmbedding ? INDEX_BYTES : FP32_BYTES)
    : 0;
  const sizeOf = new Map<string, number>([['data', dataBytesPerSample]]);
  layers.forEach((_, i) => sizeOf.set(`out:${i}`, outBytes[i] ?? 0));
  const inputBytesOf = (i: number) => {
    const layer = layers[i] as LayerCost;
    const fp32 = autocast && (inputFp32[i] as boolean);
    return inputElements(layer) * (fp32 ? FP32_BYTES : plan.activationBytes);
  };
  /** The layer's input as a kept tensor: shared when its size matches what it reads. */
  const input = (i: number, bytes = inputBytesOf(i)): Kept => {
    const id = inputId[i] as string;
    return sizeOf.get(id) === bytes ? { id, bytes } : { id: `in:${i}`, bytes };
  };
  const own = (i: number, what: string, bytes: number): Kept => ({ id: `${what}:${i}`, bytes });

  const eagerKeptBy = layers.map((layer, i): Kept[] => {
    const n = layer.outputElements;
    const low = plan.activationBytes;
    const castOrInput = () =>
      autocast && inputFp32[i] ? own(i, 'cast', inputElements(layer) * low) : input(i);
    const fp32Input = () =>
      inputFp32[i] || !autocast ? input(i) : own(i, 'upcast', inputElements(layer) * FP32_BYTES);
    switch (layer.type) {
      case 'linear':
      case 'conv2d':
        return [castOrInput()];
      case 'batchnorm2d':
        return [input(i)];
      case 'layernorm':
        return [fp32Input(), own(i, 'stats', 2 * normRows(layer) * FP32_BYTES)];
      case 'rmsnorm':
        return [
          fp32Input(),
          own(i, 'normalised', n * FP32_BYTES),
          own(i, 'stats', normRows(layer) * FP32_BYTES),
        ];
      case 'activation':
        if (isNewGelu(layer)) {
          // 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) in Python: pow keeps x (fp32 under
          // autocast, whose fp32 list has pow), tanh its fp32 output, the last product both
          // operands (0.5·x in x's dtype, 1 + tanh in fp32).
          const fp32 = autocast ? FP32_BYTES : low;
          return [
            autocast ? own(i, 'upcast', n * FP32_BYTES) : input(i),
            own(i, 'tanh', n * fp32),
            own(i, 'one-plus-tanh', n * fp32),
            own(i, 'half-x', n * (inputFp32[i] ? fp32 : low)),
          ];
        }
        // ReLU's backward reads its output (the next layer's input: one tensor); GELU's and
        // SiLU's read their input. A LayerCost does not name its function, only its FLOPs (1 per
        // element is ReLU), so tanh and sigmoid, which read their output too, count as GELU.
        return layer.forwardFlops === n
          ? [{ id: `out:${i}`, bytes: outBytes[i] ?? 0 }]
          : [input(i)];
      case 'maxpool2d':
        return [input(i), own(i, 'indices', n * INDEX_BYTES)];
      case 'avgpool2d':
      case 'global-avgpool':
        return [input(i)];
      case 'embedding':
        return i === 0
          ? [input(i, dataBytesPerSample)]
          : [own(i, 'indices', inputElements(layer) * INDEX_BYTES)];
      case 'attention': {
        if (layer.mathScoreElements !== undefined) {
          // Q, K, V; softmax's fp32 output; dropout's byte mask and its output.
          const scores = layer.mathScoreElements;
          return [
            own(i, 'qkv', inputElements(layer) * low),
            own(i, 'probs', scores * FP32_BYTES),
            own(i, 'mask', scores * DROPOUT_MASK_BYTES_PER_ELEMENT),
            own(i, 'dropped', scores * low),
          ];
        }
        const logSumExp = layer.savedElements - layer.forwardIoElements;
        return [
          own(i, 'qkv', inputElements(layer) * low),
          { id: `out:${i}`, bytes: outBytes[i] ?? 0 },
          own(i, 'lse', logSumExp * FP32_BYTES),
        ];
      }
      case 'dropout':
        return [own(i, 'mask', n * DROPOUT_MASK_BYTES_PER_ELEMENT)];
      case 'multiply':
        return [input(i), own(i, 'other', n * (autocast && inputFp32[i] ? FP32_BYTES : low))];
      case 'lstm':
      case 'gru':
        return [own(i, 'rnn', layer.savedElements * low)];
      case 'residual-add':
      case 'softmax-cross-entropy':
        return [];
    }
  });

  /** Bytes of one logit a loss reads: its input's dtype. */
  const logitBytes = (i: number) => (autocast && inputFp32[i] ? FP32_BYTES : plan.activationBytes);
  /** The head's input features per row, when a linear head writes the logits. */
  const hiddenOf = (i: number): number => {
    const head = layers[i - 1];
    const loss = layers[i] as LayerCost;
    const rows = Math.max(1, loss.outputElements);
    return head?.type === 'linear' ? inputElements(head) / rows : inputElements(loss) / rows;
  };
  const keptBy = compiled ? compiledKeeps(layers, eagerKeptBy, input) : eagerKeptBy;
  // The caller holds the batch: a layer that keeps it adds nothing.
  const seen = new Set<string>(['data']);
  const kept = new Set(keptBy.flat().map((k) => k.id));
  const result = layers.map((layer, i): LayerTensors => {
    let saved = 0;
    for (const k of keptBy[i] ?? []) {
      if (seen.has(k.id)) continue;
      seen.add(k.id);
      saved += k.bytes;
    }
    const copy = layer.matmul ? layer.weightElements * plan.weightCopyBytes : 0;
    const isLoss = layer.type === 'softmax-cross-entropy';
    const held = isLoss && !kept.has(inputId[i] as string);
    return {
      name: layer.name,
      savedBytesPerSample: saved,
      savedFixedBytes: layer.type === 'batchnorm2d' ? layer.params * FP32_BYTES : 0,
      outputBytesPerSample: outBytes[i] ?? 0,
      transientOutputBytesPerSample: 0,
      inputGradBytesPerSample: i === 0 || layer.type === 'embedding' ? 0 : inputBytesOf(i),
      inputBytesPerSample: i === 0 ? dataBytesPerSample : inputBytesOf(i),
      inputCastBytesPerSample:
        autocast && layer.matmul && inputFp32[i] ? inputElements(layer) * plan.activationBytes : 0,
      weightCopyBytes: copy,
      weightCopyGradBytes: copy,
      gradientBytes: layer.params * FP32_BYTES,
      lossHead: isLoss
        ? lossHeadPlan(
            // Compiled, the upcast, softmax and NLL fuse into the loss's own kernels.
            lossHeadOf(
              layer,
              logitBytes(i),
              held,
              hiddenOf(i),
              layer.upcastLogits ?? false,
              compiled,
            ),
          )
        : null,
    };
  });
  // An output no layer keeps is short-lived; logits a loss head reads are held by the output.
  const lossInputs = new Set(
    layers.flatMap((l, i) => (l.type === 'softmax-cross-entropy' ? [inputId[i]] : [])),
  );
  result.forEach((t, i) => {
    const id = `out:${i}`;
    if (!kept.has(id) && !lossInputs.has(id))
      t.transientOutputBytesPerSample = t.outputBytesPerSample;
  });
  const last = layers.at(-1);
  const heldOutputBytesPerSample =
    last && last.type !== 'softmax-cross-entropy' && !kept.has(`out:${layers.length - 1}`)
      ? (outBytes.at(-1) ?? 0)
      : 0;
  return { layers: result, dataBytesPerSample, heldOutputBytesPerSample };
}
