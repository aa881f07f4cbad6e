/**
 * A fully connected layer, y = x·Wᵀ + b, with I inputs and O outputs over T rows (tokens; 1 by
 * default), per sample. A multiply-add counts as 2 FLOPs.
 *
 * - params I·O (+O with bias); weightElements the same. A tied weight (`tiedWeights`, such as
 *   GPT-2's head sharing the token embedding) is still read, so weightElements keeps I·O, but
 *   it is another layer's parameter: params counts only the layer's own bias (0 without one).
 * - forward 2·T·I·O (+T·O for the bias); backward 2× the forward matmul FLOPs (the input and
 *   the weight gradients) (+T·O for the bias gradient).
 * - forwardIo T·I + T·O (read x, write y); backwardIo 2·T·I + T·O (read dy and x, write dx).
 * - saved T·I (the input, for the weight gradient); output T·O; matmul; 1 kernel.
 * - alignmentElements: the largest power of two up to 8 that divides both I and O, given only
 *   when it is under 8 (a vocabulary of 30,522 gives 2, of 50,257 gives 1); matmul-efficiency.ts
 *   says what it costs.
 */
import { fieldReader, layerWork, type LayerWork, type SpecOf } from './cost';

/** The largest power of two, at most 8, that divides `n`. */
function alignmentOf(n: number): number {
  let a = 1;
  while (a < 8 && n % (2 * a) === 0) a *= 2;
  return a;
}

/** The cost of a linear layer per sample (conventions in the module comment). */
export function linearWork(spec: SpecOf<'linear'>, label: string): LayerWork {
  const read = fieldReader(spec, label);
  const inFeatures = read.positive('inFeatures');
  const outFeatures = read.positive('outFeatures');
  const bias = read.optionalBoolean('bias', true);
  const tokens = read.optionalPositive('tokens', 1);
  const tied = read.optionalBoolean('tiedWeights', false);
  const biasElements = bias ? outFeatures : 0;
  const weightElements = inFeatures * outFeatures + biasElements;
  const matmulFlops = 2 * tokens * inFeatures * outFeatures;
  const biasFlops = bias ? tokens * outFeatures : 0;
  const alignment = Math.min(alignmentOf(inFeatures), alignmentOf(outFeatures));
  return layerWork({
    params: tied ? biasElements : weightElements,
    paramTensors: (tied ? 0 : 1) + (bias ? 1 : 0),
    weightElements,
    forwardFlops: matmulFlops + biasFlops,
    backwardFlops: 2 * matmulFlops + biasFlops,
    forwardIoElements: tokens * inFeatures + tokens * outFeatures,
    backwardIoElements: 2 * tokens * inFeatures + tokens * outFeatures,
    savedElements: tokens * inFeatures,
    outputElements: tokens * outFeatures,
    matmul: true,
    ...(alignment < 8 ? { alignmentElements: alignment } : {}),
  });
}
