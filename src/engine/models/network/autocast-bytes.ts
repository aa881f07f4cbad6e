/**
 * What autocast adds to the bytes a step moves, layer by layer, when activations are 16-bit:
 * the layers it runs in fp32 (norms, embeddings, and an fp32 residual stream after them) read
 * and write fp32 tensors, and a product whose input arrives in fp32 first casts it to 16 bits
 * in a copy kernel of its own (and casts its gradient back in backward). Pure.
 */
import { autocastInputsFp32, autocastOutputs } from './eager/dispatch';
import { autocastsTo16Bit, FP32_BYTES, type PrecisionPlan } from './precision';
import type { LayerCost } from './types';

/**
 * How many times its precision's bytes each layer's activations take: 2 for a layer whose output
 * autocast keeps in fp32 (`autocastOutputs`) when activations are 16-bit, else 1. The products,
 * whose outputs are 16-bit, and the loss, priced by its own bytes, stay at 1.
 */
export function fp32Widths(plan: PrecisionPlan, layers: readonly LayerCost[]): number[] {
  if (!autocastsTo16Bit(plan)) return layers.map(() => 1);
  const dtypes = autocastOutputs(layers);
  return layers.map((layer, i) =>
    dtypes[i] === 'fp32' && !layer.matmul && layer.type !== 'softmax-cross-entropy'
      ? FP32_BYTES / plan.activationBytes
      : 1,
  );
}

/**
 * Bytes per sample of autocast's input casts in eager: a product whose input arrives in fp32
 * casts it to 16 bits first (read 4, write 2 bytes an element), and backward's ToCopyBackward
 * casts the gradient back (read 2, write 4). Compiled code fuses the cast into the kernel
 * before it, so only eager asks.
 */
export function inputCastBytes(plan: PrecisionPlan, layers: readonly LayerCost[]): number[] {
  if (!autocastsTo16Bit(plan)) return layers.map(() => 0);
  const fp32 = autocastInputsFp32(layers);
  return layers.map((layer, i) =>
    layer.matmul && layer.type !== 'attention' && fp32[i]
      ? (layer.forwardIoElements - layer.outputElements) * (FP32_BYTES + plan.activationBytes)
      : 0,
  );
}
